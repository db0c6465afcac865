import type { GroupCues } from "../../core/language.js";
import { MAIL_ADDRESS } from "../cue-shapes.js";

/** A mail address: someone's contact details. */
export const CONTACTS_CUES: GroupCues = {
  shapes: [{ pattern: MAIL_ADDRESS, weight: 2 }],
  words: {
    phone: ["contact", "call"],
    number: ["contact"],
    ring: ["call"],
    text: ["call", "message"],
    sms: ["call"],
  },
};
