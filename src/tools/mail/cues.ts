import type { GroupCue } from "../../core/language.js";
import { MAIL_ADDRESS } from "../cue-shapes.js";

/** A mail address. */
export const MAIL_CUES: readonly GroupCue[] = [{ pattern: MAIL_ADDRESS, weight: 2 }];
