import type { GroupCues } from "../../core/language.js";
import { MAIL_ADDRESS, PHONE_NUMBER } from "../cue-shapes.js";

/** A mail address or a phone number: someone's contact details. */
export const CONTACTS_CUES: GroupCues = {
  shapes: [
    { pattern: MAIL_ADDRESS, weight: 2 },
    { pattern: PHONE_NUMBER, weight: 2 },
    // Word sent to someone named ("let Ana know", "send Ana the list"): the person's address
    // is looked up first
    {
      pattern: /\blet [A-Z][a-z]+ know\b|\b(?:[Ss]end|[Ee]mail|[Mm]essage|[Tt]ell) (?!I\b)[A-Z][a-z]+\b/,
      weight: 1.5,
    },
  ],
  words: {
    phone: ["contact", "call"],
    number: ["contact"],
    ring: ["call"],
    text: ["call", "message"],
    sms: ["call"],
    rang: ["call", "contact"],
    rung: ["call", "contact"],
    caller: ["call", "contact"],
    dial: ["call"],
  },
};
