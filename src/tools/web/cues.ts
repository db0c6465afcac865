import type { GroupCues } from "../../core/language.js";
import { URL } from "../cue-shapes.js";

/** A web address, and a question about the world rather than about the user's own things. */
export const WEB_CUES: GroupCues = {
  // Goals end in a public fact no tool of the user's own things holds (is a road shut, who plays
  // on a record, what a kit should contain), asked in words no tool has
  general: ["web_search"],
  shapes: [
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
  ],
  words: {
    online: ["web", "search"],
    google: ["web", "search"],
    internet: ["web", "search"],
    website: ["web", "page", "browser"],
    site: ["web", "page", "browser"],
    article: ["web", "page"],
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
    wiki: ["web"],
    wikipedia: ["web", "browser"],
    video: ["transcript", "media"],
    youtube: ["transcript", "video"],
    // What is looked up about the world: how-tos, meanings, bookings, places and what is on
    recipe: ["web", "search"],
    recipes: ["web", "search"],
    tutorial: ["web", "search"],
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
    "on sale": ["search", "web"],
    lineup: ["search", "web"],
    "what time does": ["search", "web"],
  },
};
