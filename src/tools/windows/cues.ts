import type { GroupCue } from "../../core/language.js";
import { APP_NAME } from "../cue-shapes.js";

/** An app by name: its window. */
export const WINDOWS_CUES: readonly GroupCue[] = [{ pattern: APP_NAME, weight: 1.5 }];
