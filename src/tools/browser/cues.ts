import type { GroupCues } from "../../core/language.js";
import { URL } from "../cue-shapes.js";

/** A web address: a page to open. */
export const BROWSER_CUES: GroupCues = {
  shapes: [{ pattern: URL, weight: 2 }],
  words: {
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
  },
};
