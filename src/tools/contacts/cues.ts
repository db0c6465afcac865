import type { GroupCue } from "../../core/language.js";
import { MAIL_ADDRESS } from "../cue-shapes.js";

/** A mail address: someone's contact details. */
export const CONTACTS_CUES: readonly GroupCue[] = [{ pattern: MAIL_ADDRESS, weight: 2 }];
