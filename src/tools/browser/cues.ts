import type { GroupCue } from "../../core/language.js";
import { URL } from "../cue-shapes.js";

/** A web address: a page to open. */
export const BROWSER_CUES: readonly GroupCue[] = [{ pattern: URL, weight: 2 }];
