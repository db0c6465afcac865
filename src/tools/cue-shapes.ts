import { KNOWN_APPS } from "../brain/nlu/language/index.js";

/**
 * Shapes more than one tool group points at (a URL is the web's and the browser's, an address
 * mail's and contacts'): each group's `cues.ts` says which of them are its own and how much
 * they weigh. Written from what the groups do, not from any request set.
 */

const FILE_EXTENSIONS =
  "txt|md|markdown|pdf|docx?|odt|rtf|csv|tsv|xlsx?|ods|pptx?|json|ya?ml|xml|log|ini|conf|png|jpe?g|gif|svg|heic|zip|tar|gz";

/** A path (`~/x`, `./x`, `/etc/x`) or a file name with a known extension. */
export const PATH = new RegExp(
  `(?:^|\\s)(?:~|\\.{1,2})?\\/[\\w.-]+|\\b\\w[\\w-]*\\.(?:${FILE_EXTENSIONS})\\b`,
  "i",
);

/** A document by its file name (what documents and the knowledge index read). */
export const DOCUMENT_FILE = /\b\w[\w-]*\.(?:pdf|docx?|odt|pptx?|html?)\b/i;

/** A web address or a domain name. */
export const URL = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|org|net|io|dev|co|uk|de|fr|edu|gov)\b/i;

/**
 * A phone number: an international "+44 7911 123456", a trunk-prefixed "020 7946 0958" or a
 * dashed "555-201-3344" (never a date: those have a year first or slashes).
 */
export const PHONE_NUMBER =
  /(?:^|[\s(:])\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}\b|\b0\d{2,4}[\s.-]\d{3,4}[\s.-]?\d{3,4}\b|\b\d{3}[-.]\d{3}[-.]\d{4}\b/;

/** A mail address. */
export const MAIL_ADDRESS = /\b[\w.+-]+@[\w-]+\.[\w.]+\b/;

/**
 * The words for a program, said as words: not a file's or a folder's name ("src/app.js",
 * "~/program/"), which names what the file holds, not a program to run.
 */
export const APP_WORD = /(?<![/.~\w-])(?:app|application|program)s?\b(?![./][\w])/i;

/** The names of the desktop apps the NLU knows, longest first, as one alternation. */
const APP_NAMES = KNOWN_APPS.map((name) => name.replace(/^the /, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  .sort((a, b) => b.length - a.length)
  .join("|");

/** A desktop app by name ("fire up slack"): the NLU's list of apps it knows. */
export const APP_NAME = new RegExp(`(?<![/.~\\w-])(?:${APP_NAMES})\\b(?![./][\\w])`, "i");

/**
 * Something done inside an app named by its name: in its call, meeting or window, or a request
 * that starts "in <app>" ("join audio on the Zoom call", "In LibreOffice, …"). Its controls are
 * what is used, not its launch.
 */
export const INSIDE_APP = new RegExp(
  `\\b(?:in|on|inside) (?:the |my |this )?(?:${APP_NAMES}) (?:call|meeting|window)\\b|^\\s*in (?:${APP_NAMES})\\b`,
  "i",
);

/**
 * A program opened and then worked in, in one breath: "open <app> and write / type / run /
 * start / save …", "launch <app>, then a new message". What follows the launch is done with
 * keys in its window (typed text, a shortcut), so the launch alone is half the request.
 */
export const APP_THEN_KEYS = new RegExp(
  `\\b(?:open|launch|start|fire up|bring up|load)\\s+(?:up\\s+)?(?:the |a |my |new )?(?:${APP_NAMES}|(?:text )?editor|word processor)\\b[^.?!]{0,30}?(?:,\\s*|\\s+(?:and|then|&)\\s+(?:then\\s+)?)(?:write|type|enter|put|fill|start|run|save|paste|open a new|make a new|create a new|compose)\\b`,
  "i",
);

/** A day or a time of day. */
export const WHEN =
  /\b(?:tomorrow|tonight|today|next week|this week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|at \d{1,2}(?::\d\d)?\s*(?:am|pm)?)\b/i;
