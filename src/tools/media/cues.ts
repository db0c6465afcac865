import type { GroupCue } from "../../core/language.js";

/** A sound or video file by name. */
export const MEDIA_CUES: readonly GroupCue[] = [
  { pattern: /\b\w[\w-]*\.(?:mp3|m4a|wav|ogg|flac|mp4|mkv|mov|webm)\b/i, weight: 2 },
];
