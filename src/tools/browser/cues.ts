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
  },
};
