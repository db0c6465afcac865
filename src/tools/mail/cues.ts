import type { GroupCues } from "../../core/language.js";
import { MAIL_ADDRESS } from "../cue-shapes.js";

/** A mail address; someone writing to the user. */
export const MAIL_CUES: GroupCues = {
  shapes: [
    { pattern: MAIL_ADDRESS, weight: 2 },
    {
      pattern: /\b(?:write|wrote|written|writing) (?:back )?(?:to )?(?:me|us)\b|\bheard? (?:back )?from\b/i,
      weight: 2,
    },
  ],
  words: {
    thread: ["mail"],
    email: ["mail"],
    emails: ["mail"],
    emailed: ["mail"],
    "e-mail": ["mail"],
    inbox: ["mail"],
    unread: ["mail"],
    newsletter: ["mail"],
    sender: ["mail"],
    forward: ["mail", "send"],
    reply: ["mail"],
    attachment: ["mail", "file"],
  },
};
