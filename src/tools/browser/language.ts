import {
  type Args,
  argsWithoutTail,
  type BuildInput,
  findUrl,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask to browse: open, read and act on pages and tabs (the team's own sentences). */
const BROWSER_INTENTS: IntentTable = {
  browser_navigate: {
    capability: { area: "The web", can: "open pages in the browser" },
    ask: { url: "Which website?" },
    // Opening an address the user gave, beside a reason, is done ("go back" undoes it)
    besideReason: "act",
    neverAsk: true,
    // Reading a link prefers fetching it; opening it is the browser's
    handles: [
      { kind: "u", verbs: ["open"], arg: "url" },
      { kind: "u", verbs: ["read"], arg: "url", rank: 1 },
    ],
    accepts: { url: ["u"] },
    describe: ({ url }) => (typeof url === "string" && !url.startsWith("#") ? `Open ${url}` : undefined),
    anchors: /./,
    templates: [
      "(go to|open|navigate to|browse to|visit|load|take me to|pull up|show me|bring up|head to) [the] [website|site|page|url|web page] {url} [website|site|page]",
      "(open|load|show) {url} in (the|a|my) (browser|new tab|tab|firefox|chrome|chromium)",
      "(open|visit|go to) the (website|site|page) (at|called) {url}",
    ],
    // An address opened in a new tab is the tabs' own call (it keeps the page already open)
    build: (input) =>
      /\b(?:new|another|separate|fresh|second) tab\b/i.test(input.env.text) ? undefined : slotsAsArgs(input),
    samples: ["open the website", "go to the page", "open this link", "browse to the site"],
    // A website asked for with none named: which one is asked
    askShapes: ["[can you] (open|visit|load|pull up|bring up) (a|some) (website|site|web page) [for me]"],
    fallback: (input) => {
      const url = findUrl(input);
      return url ? { url } : undefined;
    },
  },
};

const PAGE = "[the|this] [current] [browser] (page|tab|website|site|web page)";
/** The page as shapes read it: "webpage" written as one word too (templates keep PAGE: taught). */
const PAGE_SAID = "[the|this] [current] [browser] (page|tab|website|site|web page|webpage)";
/** The page said as the one in front of the user: "the page I have open in the browser". */
const OPEN_PAGE = `${PAGE_SAID} [(i have|i have got|i am on|i am looking at|that is) [open|up]] [in the browser]`;
/** A page named by its site or by what it is ("the supplier portal page", "the council's site"). */
const NAMED_PAGE = "[the|this|my] {site:label} (page|site|website|web page|portal)";

/** The page's own arguments, without the name it was called by (the tool reads the current page). */
function pageArgs(input: BuildInput): Args {
  const { site: _site, ...args } = argsWithoutTail(input);
  return args;
}

/**
 * An element's label said beside its ref is words, never another ref or a second request
 * ("click e4 and then e9" is two clicks, not e9 labelled "e4 and then").
 */
function labelledArgs(input: BuildInput): Args | undefined {
  const label = input.values.tail;
  if (typeof label === "string" && /(?:^|\s)@?e\d{1,5}\b|\b(?:and|then)\b/i.test(label)) return undefined;
  return argsWithoutTail(input);
}

/** Where a ref is said after the element it names: "…, it is e31", "…, that's e7", "(e12)". */
const REF_ASIDE = "[(it is|that is|thats|its|ref|number|which is)]";
/** A kind of element on a page, as people name it. */
const PAGE_ELEMENT = "(button|link|box|field|checkbox|check box|tab|option|icon)";

/**
 * Doing something on a page rather than reading it (for tool retrieval): logging in, a
 * form, a cart, a search on a site, a button or link there. The page's fields and buttons are
 * what browser_type and browser_click act on.
 */
const ON_A_PAGE =
  /\b(?:log ?in|sign ?(?:in|up)|register|fill (?:in|out)|forms?|(?:to|in) (?:the|my) (?:cart|basket)|checkout|check out|submit|subscribe|accept (?:the )?cookies|cookie (?:banner|pop-?up|notice|consent)|pop-?ups?|(?:search|text|input) (?:box|field)|book (?:a|the|it)|order (?:it|a|the))\b|\b(?:search|look) (?:for|up) .*\bon (?:the|this|that|their) (?:site|page|website)\b|\b(?:click|press|hit|tap|follow)\b.*\b(?:button|link|on (?:the|this) (?:page|site|website))\b/i;
const TAB = "(tab|tabs|browser tab|browser tabs)";
/** A list on a page by its kind: words no list of the person's (shopping, to-do) is called. */
const DROPDOWN = "(dropdown|drop down|drop-down|dropdown list|drop down list|selector|picker)";
/** The page said before the request ("on the booking site, pick …"). */
const ON_SITE = "[on the [{tail:label}] (site|page|website|web page) [,]]";
const ELEMENTS = "(fields|links|buttons|boxes|options|controls|elements|forms|menus)";

const BROWSER_PAGE_INTENTS: IntentTable = {
  browser_back: {
    // Going back or looking at the page beside a reason is done, not asked
    besideReason: "act",
    describe: () => "Go back a page",
    templates: [
      "(go|navigate|head) back [a page|one page] [in the browser]",
      "(back|return) to the (previous|last) page",
      "(previous|last) page [please]",
      "(hit|press|click) [the] back button",
    ],
    // Back said as a place ("where I was", "the page before") or as being taken there
    shapes: [
      "(take|bring|get) me back [a page|one page|to the (previous|last) page|to where i was [before]|to the page before]",
      "[go] back to (where i was [before]|the page (before|i was on)|the one before|the (previous|last|prior) page) [please]",
      "(go|get|head|navigate) to the (previous|last|prior) page [please]",
      "(hit|press|click|tap) [the] back [button] [in the browser]",
    ],
    samples: ["take me back to the page before", "go back in the browser", "back one page"],
  },
  browser_get_text: {
    // Going back or looking at the page beside a reason is done, not asked
    besideReason: "act",
    describe: () => "Read the page",
    templates: [
      `(read|read out|read me) ${PAGE} [to me|aloud]`,
      `what does ${PAGE} say`,
      `(get|give me|show me) the text (of|on|from) ${PAGE}`,
      `(read|get) [me] the (article|text|story) (on|in) ${PAGE}`,
      `what does ${PAGE} say [only|just] [the first {max_chars:number} (characters|chars|letters)]`,
      "(get|grab|read|give me) [me] [just|only] the text (of|from|in) [element] {ref:pageref} [on the page]",
    ],
    // Reading the page said as what is on it, or as the page the user has open (never taught:
    // "what is on the page" alone is the page's controls, browser_snapshot's)
    shapes: [
      `(read|read out|read me|read out to me) [me] [out] what (is|it says) [written|said|printed] (on|in) ${OPEN_PAGE} [{tail:text}]`,
      `(read|read out|read me) [me] [out] the (text|words|writing|article) (of|on|from|in) ${OPEN_PAGE} [{tail:text}]`,
      `(read|read out) ${OPEN_PAGE} [out] [to me|aloud] [{tail:text}]`,
      "(read|read out) [me] (this|the) (article|story|post|blog post|piece) [out] [to me] [(out loud|aloud)] [please]",
      `[can you] (tell me|say) what is (written|said) (on|in) ${OPEN_PAGE}`,
      "(the|this) (page|website|site|article) {tail:text} (read|read out) it [out] [to me|aloud|for me]",
      // Asking the page about something is reading it
      `what does ${PAGE} say about {tail:text}`,
    ],
    build: argsWithoutTail,
    samples: ["read me this article", "what's written on this page", "read the text of the website"],
  },
  browser_snapshot: {
    // Going back or looking at the page beside a reason is done, not asked
    besideReason: "act",
    describe: () => "Look at what is on the page",
    templates: [
      `what (is|can i click|links are|buttons are) on ${PAGE}`,
      `(show|list) [me] the (links|buttons|elements|fields|controls) (on|in) ${PAGE}`,
      `(look at|scan|inspect) ${PAGE}`,
      `(snapshot|take a snapshot of) ${PAGE}`,
    ],
    // The page named by its site, with what the user means to do there
    shapes: [
      `(snapshot|take a snapshot of) ${NAMED_PAGE} [{tail:text}]`,
      `(what|which) (fields|links|buttons|boxes|options|controls|elements|forms|menus) (are|is) [there] (on|in) ${PAGE_SAID}`,
      // Two kinds of element asked together ("what buttons and links are on this page")
      `(what|which) ${ELEMENTS} (and|or) ${ELEMENTS} (are|is) [there] (on|in) ${PAGE_SAID}`,
      `what is on ${PAGE_SAID}`,
    ],
    build: pageArgs,
    samples: ["which links are on this page", "what can i do on this website"],
  },
  browser_screenshot: {
    // Going back or looking at the page beside a reason is done, not asked
    besideReason: "act",
    describe: ({ full_page }) => `Take a screenshot of the ${full_page === true ? "whole page" : "page"}`,
    templates: [
      `(take|grab|save|make) a (screenshot|screen shot|picture|capture) of ${PAGE}`,
      "(screenshot|capture) (the|this) (browser|page|tab|website|web page|site)",
      { t: `(take|grab|save) a (full page|full) (screenshot|capture) of ${PAGE}`, args: { full_page: true } },
      { t: "(screenshot|capture) the (whole|entire|full) (page|website)", args: { full_page: true } },
      {
        t: "(screenshot|capture) the (whole|entire|full) (page|website) in the browser [{tail:text}]",
        args: { full_page: true },
      },
    ],
    // The page, not the screen: "just the browser page"; "full page" is only ever a page's
    shapes: [
      `(screenshot|capture|snap|grab) [just|only] [the|this|my] [browser|web] (page|tab|website|site|webpage) [{tail:text}]`,
      `(take|grab|save|make|get) [me] a [screenshot|screen shot|picture|capture] of [just|only] [the|this|my] (browser page|web page|webpage|browser tab|website) [{tail:text}]`,
      `(take|grab|save|make|get) [me] a (screenshot|screen shot|capture) of ${NAMED_PAGE}`,
      {
        t: "(take|grab|save|make|get) [me] a (full page|full-page|whole page|whole-page|full length|full-length|scrolling) (screenshot|screen shot|capture|picture) [of {tail:text}]",
        args: { full_page: true },
      },
      {
        t: "(screenshot|capture|snap) the (whole|entire|full) (web page|page|website|site) [{tail:text}]",
        args: { full_page: true },
      },
      // "a screenshot of the whole web page, all the way down": the page said whole after "of"
      {
        t: "(take|grab|save|make|get) [me] a (screenshot|screen shot|capture|picture) of the (whole|entire|full) (web page|page|website|site) [,] [all the way down|top to bottom|from top to bottom|to the bottom|the whole thing|please]",
        args: { full_page: true },
      },
      {
        t: "(full page|full-page|whole page|whole-page) (screenshot|screen shot|capture) [of {tail:text}] [please]",
        args: { full_page: true },
      },
    ],
    build: argsWithoutTail,
    samples: ["snap the web page", "save an image of this website"],
  },
  browser_tabs: {
    describe: ({ action, tab, url }) =>
      action === "new"
        ? `Open a new tab${typeof url === "string" ? ` with ${url}` : ""}`
        : action === "close"
          ? `Close ${typeof tab === "number" ? `tab ${tab}` : "the tab"}`
          : action === "switch"
            ? `Switch to tab ${tab}`
            : "List the browser tabs",
    templates: [
      {
        t: `(list|show|what) [me] [are] [the|my] [open] ${TAB} [are open|do i have open]`,
        args: { action: "list" },
      },
      { t: `(which|what|how many) ${TAB} (are|do i have) open`, args: { action: "list" } },
      { t: "(switch|go|change|jump) to tab [number] {tab:number}", args: { action: "switch" } },
      { t: "(switch|go) to the {tab:ordinal} tab", args: { action: "switch" } },
      { t: `(close|shut) [this|the|current] ${TAB}`, args: { action: "close" } },
      { t: "(close|shut) tab [number] {tab:number}", args: { action: "close" } },
      { t: "(close|shut) the {tab:ordinal} tab", args: { action: "close" } },
      { t: `(open|start|make) a new ${TAB}`, args: { action: "new" } },
      { t: "(open|load) {url} in a new tab", args: { action: "new" } },
      { t: "[open] [a] new tab (with|for|to|on) {url}", args: { action: "new" } },
      {
        t: `(what|which) ${TAB} (have i got|have i|do i have|are) [got] open [in the browser]`,
        args: { action: "list" },
      },
    ],
    shapes: [
      {
        t: `how many ${TAB} (have i got|have i|are there|are) [got] open [in the browser|right now|now]`,
        args: { action: "list" },
      },
      { t: `[a] new ${TAB} [please]`, args: { action: "new" } },
      // An address opened beside what is open already ("… in another tab", "go to X in a new tab")
      {
        t: "(open|load|pull up|go to|visit|bring up) {url} in (a new|another|a separate|a fresh|a second|its own) tab [please|for me]",
        args: { action: "new" },
      },
    ],
    samples: [
      "new browser tab please",
      "get rid of this tab",
      "what tabs have i got",
      "show my browser tabs",
    ],
  },
  browser_click: {
    ask: { ref: "Which element? Ask me what is on the page first." },
    cues: ON_A_PAGE,
    describe: ({ ref }) => (typeof ref === "string" ? `Click ${ref} on the page` : undefined),
    templates: [
      "(click|press|tap|follow) [on] [element|link|button] {ref:pageref}",
      {
        t: "(click|press) [on] [element|button] {ref:pageref} to (submit|send) [the form]",
        args: { submit: true },
      },
      { t: "(download|save) [the file from] {ref:pageref}", args: { download: true } },
      {
        t: "(click|press|follow) [on] the download (link|button) {ref:pageref} [and (save|download) [the file|it]]",
        args: { download: true },
      },
      { t: "submit the form [the button is|with|using|by clicking] {ref:pageref}", args: { submit: true } },
    ],
    // The element named by its label and its ref said beside it ("hit submit, it's e31")
    shapes: [
      `(click|press|hit|tap|follow|select) [on] [the] {tail:text} [${PAGE_ELEMENT}] ${REF_ASIDE} {ref:pageref}`,
      `(click|press|hit|tap) [on] {ref:pageref} [(the|for)] [{tail:text}]`,
    ],
    // A web form's own buttons, or any button said to be on the page, named without a ref
    askShapes: [
      "(click|press|hit|tap) [on] [the] (sign in|log in|login|sign up|register|subscribe|checkout|check out|add to basket|add to cart|add to bag|buy now|place order|pay now|accept|accept all|accept cookies|reject all|continue to payment|book now) [button|link] [on the (page|site|website|web page)]",
      "(click|press|hit|tap) [on] the {tail:text} (button|link) on the (page|site|website|web page)",
      // The page said by whose it is ("… button on the council web page"): which element is asked
      "(click|press|hit|tap) [on] the {tail:text} (web page|website)",
      // A link or result by its place: which element is asked (refs come from the page's listing)
      "(click|press|tap|follow) [on] the (first|second|third|fourth|fifth|last|top|next) (link|button|result)",
    ],
    build: labelledArgs,
    samples: ["click that button on the page", "press the link you found"],
  },
  browser_type: {
    ask: { ref: "Which field? Ask me what is on the page first.", text: "What should I type?" },
    // A page's address and something to enter on it
    cues: new RegExp(
      `${ON_A_PAGE.source}|(?:https?:\\/\\/|www\\.)\\S+.*\\b(?:put in|enter|type in|fill in)\\b`,
      "i",
    ),
    describe: ({ text, ref }) =>
      typeof text === "string" ? `Type "${text}" into ${ref ?? "the field"}` : undefined,
    templates: [
      "(type|enter|put|write|fill in) {text} (in|into) [field|box|element] {ref:pageref}",
      {
        t: "(type|enter|search for) {text} (in|into) [field|box|element] {ref:pageref} and (press enter|submit|search|send it)",
        args: { submit: true },
      },
      {
        t: "(type|enter|put|write) {text} (in|into) [field|box|element] {ref:pageref} and (hit|press|tap) (enter|return)",
        args: { submit: true },
      },
    ],
    asks: ["(fill in|fill out|type in|type into|fill) [the] [field|box|element] {ref:pageref} [on the page]"],
    askShapes: [
      "(type|enter|put|write|search for) {text} (in|into) the (site's|sites|page's|pages|website's|websites) {tail:label} (box|field|bar) [and (hit|press) (enter|return)]",
      "(type|enter|put|write) {text} (in|into) the {tail:label} (box|field|bar) on the (page|site|website|web page)",
    ],
    // What to type, the field by its label, and its ref said beside it
    shapes: [
      `(type|enter|put|write|fill in) {text} (in|into) the {tail:label} (field|box) ${REF_ASIDE} {ref:pageref}`,
      `(in|into) the {tail:label} (field|box) {ref:pageref} (type|enter|put|write) {text}`,
      "(fill in|fill|complete) [field|box] {ref:pageref} with {text}",
      // What the value is, where it goes, then the value: "type my name in e2: Sara"
      "(type|enter|put|write) [my|the|our] {tail:label} (in|into) {ref:pageref} {text}",
    ],
    build: labelledArgs,
    samples: ["fill the search box on the page", "type my email into that field"],
  },
  browser_select: {
    ask: { ref: "Which list? Ask me what is on the page first.", values: "Which option?" },
    describe: ({ values, ref }) =>
      Array.isArray(values) ? `Choose ${values.join(", ")} in ${ref ?? "the list"}` : undefined,
    templates: [
      "(select|choose|pick) {values:items} (in|from) [the] [list|menu|dropdown|element] {ref:pageref}",
      "(set|change) [the] [dropdown|list|menu] {ref:pageref} to {values:items}",
      "(select|choose|pick) {values:items} (in|from) the {tail:label} (dropdown|list|menu) [element] {ref:pageref}",
    ],
    // The list named by its label with its ref said beside it ("pick Germany in the country
    // box, that's e7"); without a ref, which list is asked
    shapes: [
      `(select|choose|pick|set) {values:items} (in|from|on) the {tail:label} (dropdown|drop down|list|menu|box|selector|picker) ${REF_ASIDE} {ref:pageref}`,
      // The list and its ref first, then the choice ("in the dropdown e4 choose blue"); matched,
      // never taught (taught, every other reading moved)
      `(in|from|on) [the] ${DROPDOWN} {ref:pageref} [,] (select|choose|pick) {values:items}`,
    ],
    askShapes: [
      "(select|choose|pick) {values:items} (in|from|on) the {tail:label} (dropdown|drop down|selector|picker|drop down list|dropdown list) [on (the|that|this) (page|site|website)|please]",
      // The list named by its kind alone ("pick large in the dropdown"), the page said first or
      // not at all: which list is asked, since only the page's listing knows its ref
      `${ON_SITE} (select|choose|pick) {values:items} (in|from|on) the ${DROPDOWN} [on (the|that|this) (page|site|website)|please]`,
      `${ON_SITE} (in|from|on) the ${DROPDOWN} (select|choose|pick) {values:items} [please]`,
    ],
    build: labelledArgs,
    samples: ["pick an option in that dropdown", "choose the size from the menu"],
  },
  browser_wait_for: {
    cues: /\b(?:once|until|when|as soon as) (?:it|the page|the site|the tab) (?:says|shows|loads|finishes|is done)\b/i,
    describe: ({ text, seconds }) =>
      typeof text === "string" ? `Wait for "${text}" on the page` : `Wait ${seconds} seconds`,
    templates: [
      "(wait|hold on) (for|until) [the page (shows|says)] {text}",
      "wait until {text} (appears|shows up|is shown|loads)",
      "(wait|pause) [for] {seconds:duration}",
      { t: "wait until {text_gone:text} (disappears|goes away|is gone)", args: {} },
      { t: "wait (for|until) [the] {text_gone:text} [text|message] to (disappear|go away|vanish)", args: {} },
      "give the page {seconds:duration} to load",
    ],
    // "till" and "til" as well as "until"; the page said or left as "it"
    shapes: [
      "(wait|hold on|hang on|hold off) (till|til|until|for) (the page|it|the site|the screen|the tab) (says|shows|displays|reads|is showing|is saying) {text}",
      "(wait|hold on|hang on) (till|til|until) {text} (appears|shows up|is shown|comes up|pops up)",
      "(wait|hold on|hang on) (till|til|until|for) on the page (is appearing|appears|shows) {text}",
    ],
    samples: ["wait for the page to load", "hang on until the results show up"],
  },
};

export const BROWSER_LANGUAGE = byTool(BROWSER_INTENTS, BROWSER_PAGE_INTENTS);
