import type { GroupCues } from "../../core/language.js";
import { URL } from "../cue-shapes.js";

/** A web address, and a question about the world rather than about the user's own things. */
export const WEB_CUES: GroupCues = {
  // Goals end in a public fact no tool of the user's own things holds (is a road shut, who plays
  // on a record, what a kit should contain), asked in words no tool has
  general: ["web_search"],
  shapes: [
    // Where a public place is, asked by its postal details ("the postcode of the city library",
    // "the address for the passport office"): a search, not the person's own address book
    {
      pattern: /\b(?:post\s?code|zip\s?code|postal code|address)\s+(?:of|for)\s+the\s+/i,
      weight: 1.5,
    },
    { pattern: URL, weight: 2 },
    {
      pattern:
        /^(?!.*\b(?:my|me|mine|i|i'm|our|we)\b).*\b(?:who|what|when|where|which|how (?:much|many|old|tall|far|long))\b.*\b(?:won|win|is|are|was|were|did|does|do|costs?|happened)\b/i,
      weight: 1.5,
    },
    {
      pattern:
        /^(?!.*\b(?:my|me|mine|i|our|we|us|file|folder|mail|email|inbox|note|notes)\b).*\b(?:find out|look up|find|check|search for)\b/i,
      weight: 1,
    },
    // The best of a kind of thing within a price is researched ("the best tents under £200")
    {
      pattern:
        /\b(?:best|top|cheapest|good)\s+(?:[\w-]+\s+){0,2}(?:under|below|for less than|for under)\s+[£$€]?\d/i,
      weight: 2,
    },
    // A road by its number and its state ("is the M25 shut", "roadworks on the A14", "I-95
    // closed"): travel news only a search has; "shut" here is not a program closed
    {
      pattern:
        /^(?=.*\b(?:[AMam]\d{1,4}(?:\(M\))?|B\d{1,4}|I-?\d{1,3}|US-?\d{1,3}|SR-?\d{1,3}|(?:route|highway|interstate|motorway)\s+\d{1,4})\b)(?=.*\b(?:shut|closed|closure|closures|open|reopened|roadworks|works|traffic|jams?|queues?|delays?|accident|crash|diversions?|blocked|gridlocked)\b)/,
      weight: 3,
    },
    // What a kind of kit or bag should hold ("what goes in a first-aid kit", "what should be
    // in a go bag", "what to pack for a hut trip"): common advice, searched for
    {
      pattern:
        /\bwhat\s+(?:goes|should go|do you put|should be|needs to be)\s+in(?:to)?\s+an?\s+|\bwhat\s+to\s+(?:pack|take|bring)\s+(?:for|on)\s+an?\s+/i,
      weight: 1.5,
    },
    // The current value of a public rule or rate ("the current mileage allowance") is looked up
    {
      pattern:
        /\b(?:current|latest|today'?s|this year'?s)\s+(?:[\w'-]+\s+){0,2}(?:rates?|allowances?|limits?|rules?|guidance|fees?|thresholds?|tax)\b/i,
      weight: 1.5,
    },
  ],
  words: {
    online: ["web", "search"],
    google: ["web", "search"],
    internet: ["web", "search"],
    website: ["web", "page", "browser"],
    site: ["web", "page", "browser"],
    article: ["web", "page"],
    // A product's published paper is fetched from its maker's page
    "spec sheet": ["fetch", "pdf", "page"],
    datasheet: ["fetch", "pdf", "page"],
    "data sheet": ["fetch", "pdf", "page"],
    "user manual": ["fetch", "pdf", "page"],
    "user guide": ["fetch", "pdf", "page"],
    brochure: ["fetch", "pdf", "page"],
    // What others have posted about a problem is searched for
    "has anyone": ["web", "search"],
    "anyone else": ["web", "search"],
    workaround: ["web", "search"],
    forum: ["web", "search"],
    link: ["url", "page"],
    news: ["web", "search"],
    headlines: ["web", "search"],
    price: ["web", "search"],
    research: ["web", "search"],
    match: ["web", "search"],
    fixture: ["web", "search"],
    fixtures: ["web", "search"],
    kickoff: ["web", "search"],
    "kick off": ["web", "search"],
    concert: ["web", "search"],
    showtimes: ["web", "search"],
    "opening hours": ["web", "search"],
    // The sea's timetable for a place is published, never known locally
    tide: ["web", "search"],
    tides: ["web", "search"],
    wiki: ["web"],
    wikipedia: ["web", "browser"],
    video: ["transcript", "media"],
    youtube: ["transcript", "video"],
    // A video's short address (youtu.be/…) is a video like the long one
    youtu: ["youtube", "transcript", "video"],
    // The same, texted short
    yt: ["youtube", "transcript", "video"],
    vid: ["video", "transcript"],
    vids: ["video", "transcript"],
    // What is looked up about the world: how-tos, meanings, bookings, places and what is on
    recipe: ["web", "search"],
    recipes: ["web", "search"],
    tutorial: ["web", "search"],
    // What a public body publishes for people to follow ("the NHS advice on…", "the official
    // guidance"): searched for, then its page read
    guidance: ["web", "search", "page"],
    guidelines: ["web", "search", "page"],
    advice: ["web", "search", "page"],
    definition: ["web", "search"],
    meaning: ["web", "search"],
    synonym: ["web", "search"],
    tickets: ["web", "search"],
    ticket: ["web", "search"],
    hotel: ["web", "search"],
    hotels: ["web", "search"],
    restaurant: ["web", "search"],
    restaurants: ["web", "search"],
    "near me": ["web", "search"],
    "open now": ["web", "search"],
    "how to": ["web", "search"],
    // Facts about the world outside that only a search knows: what is nearest, recommended,
    // open or shut, when something public happens and what it costs
    nearest: ["search", "web"],
    recommended: ["search", "web"],
    roadworks: ["search", "web"],
    traffic: ["search", "web"],
    closures: ["search", "web"],
    scam: ["search", "web"],
    "term dates": ["search", "web"],
    // When the schools are off is public, set by the area's schools
    "half term": ["search", "web"],
    "school holidays": ["search", "web"],
    "on sale": ["search", "web"],
    lineup: ["search", "web"],
    "what time does": ["search", "web"],
    // Money in another currency is converted at today's rate, which only a search knows
    "exchange rate": ["search", "web", "calculate"],
    currency: ["search", "calculate"],
    dollars: ["search", "calculate"],
    bucks: ["search", "calculate"],
    quid: ["search", "calculate"],
    euros: ["search", "calculate"],
    yen: ["search", "calculate"],
    yuan: ["search", "calculate"],
    rupees: ["search", "calculate"],
    pesos: ["search", "calculate"],
    francs: ["search", "calculate"],
    zloty: ["search", "calculate"],
    złoty: ["search", "calculate"],
    // What others think of a thing: reviews and recommendations are found by searching
    reviews: ["search", "web"],
    reviewed: ["search", "web"],
    "well-reviewed": ["search", "web"],
    "top-rated": ["search", "web"],
    bestseller: ["search", "web"],
    recs: ["search", "web"],
    recommendations: ["search", "web"],
    // Who holds a public office, and when a public event is on
    mp: ["search", "web"],
    mayor: ["search", "web"],
    councillor: ["search", "web"],
    senator: ["search", "web"],
    governor: ["search", "web"],
    keynote: ["search", "web"],
    premiere: ["search", "web"],
    "release date": ["search", "web"],
    // A parcel followed by its number; two things told apart
    "tracking number": ["search", "web"],
    "tell apart": ["search", "web"],
    "tell them apart": ["search", "web"],
    "difference between": ["search", "web"],
    // What a project published about a release is read off its page
    "release notes": ["web", "fetch", "page"],
    "patch notes": ["web", "fetch", "page"],
    changelog: ["web", "fetch", "page"],
  },
};
