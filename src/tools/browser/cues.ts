import type { GroupCues } from "../../core/language.js";
import { URL } from "../cue-shapes.js";

/** A status a page shows when something it was doing is over ("says Done", "shows complete"). */
const FINISHED = [
  "done",
  "complete",
  "completed",
  "finished",
  "ready",
  "sent",
  "confirmed",
  "uploaded",
  "available",
];
/** The page waited on until it shows one of them: its wait step, whatever the request does then. */
const PAGE_SAYS = Object.fromEntries(
  ["says", "shows", "reads", "displays"].flatMap((verb) =>
    FINISHED.map((status) => [`${verb} ${status}`, ["wait", "appears", "browser"]]),
  ),
);

/** A web address: a page to open. */
export const BROWSER_CUES: GroupCues = {
  shapes: [
    { pattern: URL, weight: 2 },
    // Something the open page is doing, waited on until it is over ("when the export in the
    // browser finishes", "once the upload on that tab is done"): the page's wait step
    {
      pattern:
        /\b(?:when|once|until|till|after)\s+(?:the\s+|my\s+|that\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s+(?:in|on)\s+(?:the\s+|that\s+|this\s+)?(?:browser|page|tab|site)\s+(?:finishes|finished|completes|is done|is finished|is complete|ends)\b/i,
      weight: 2,
    },
    // The page in front of the person named as a place ("on this shop", "this site's search"),
    // and a form's steps said as its values then its button ("country Peru then next")
    {
      pattern:
        /\b(?:this|the current)\s+(?:shop|store|site|website|web ?page|page|checkout)\b|\bthen\s+(?:continue|next|submit|proceed|confirm|done|book|pay)\b/i,
      weight: 2,
    },
    // A fact taken from what is shown ("according to this timetable", "going by this price
    // list"): the open page's text is read
    {
      pattern:
        /\b(?:according to|going by|based on)\s+this\s+(?:[\w-]+\s+)?(?:timetable|table|listing|price list|menu|article|page|chart|schedule)\b/i,
      weight: 2,
    },
  ],
  words: {
    ...PAGE_SAYS,
    tab: ["browser"],
    tabs: ["browser"],
    field: ["type", "browser"],
    dropdown: ["select", "browser"],
    form: ["browser", "type"],
    sort: ["select", "browser"],
    "filter by": ["select", "browser"],
    "low to high": ["select"],
    "high to low": ["select"],
    page: ["browser"],
    // A shop's page: its basket, quantities and checkout are controls to click and choose
    basket: ["browser", "click"],
    cart: ["browser", "click"],
    checkout: ["browser", "click"],
    quantity: ["browser", "select"],
    // A booking form's counts are chosen from its lists
    adults: ["browser", "select"],
    guests: ["browser", "select"],
    passengers: ["browser", "select"],
    // A site used like an app: signing in, scrolling, filling and ticking its boxes
    login: ["browser", "type"],
    "log in": ["browser", "type"],
    "sign in": ["browser", "type"],
    "sign up": ["browser", "type"],
    "log into": ["browser", "type"],
    "log me into": ["browser", "type"],
    "sign into": ["browser", "type"],
    "sign me into": ["browser", "type"],
    portal: ["browser", "page"],
    // An order placed on a shop's page: its options chosen, its button pressed
    "place the order": ["browser", "click"],
    "place my order": ["browser", "click"],
    shipping: ["browser", "select"],
    scroll: ["browser", "page"],
    checkbox: ["browser", "click"],
    // A form's button named by what it does next, and a booking's counts and sittings
    continue: ["click", "browser"],
    proceed: ["click", "browser"],
    submit: ["click", "browser"],
    tickets: ["select", "browser"],
    seats: ["select", "browser"],
    screening: ["select", "browser"],
    matinee: ["select", "browser"],
    "sign me up": ["browser", "type", "click"],
    // Logged in on the page in front of the person: its fields typed into, its button pressed
    "log me in": ["browser", "type", "click"],
    "sign me in": ["browser", "type", "click"],
    subscribe: ["browser", "click"],
    "fill in": ["browser", "type"],
    "fill out": ["browser", "type"],
    "search box": ["browser", "type"],
    "search bar": ["browser", "type"],
    "the page": ["browser", "page"],
    "this site": ["browser", "page"],
    // Something already open and being read: most often a page
    "got open": ["browser", "page"],
    "have open": ["browser", "page"],
    "i'm reading": ["browser", "page"],
    "i'm looking at": ["browser", "page"],
    "in front of me": ["browser", "page"],
    // What people wrote under a post is read off its page
    comments: ["browser", "page", "text"],
    "this post": ["browser", "page"],
    "this listing": ["browser", "page", "text"],
    "this article": ["browser", "page", "text"],
  },
};
