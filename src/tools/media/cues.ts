import type { GroupCues } from "../../core/language.js";

/** A sound or video file by name. */
export const MEDIA_CUES: GroupCues = {
  shapes: [{ pattern: /\b\w[\w-]*\.(?:mp3|m4a|wav|ogg|flac|mp4|mkv|mov|webm)\b/i, weight: 2 }],
  words: {
    song: ["media", "track"],
    music: ["media"],
    track: ["media"],
    playlist: ["media"],
    podcast: ["media"],
    album: ["media"],
    recording: ["transcribe", "audio"],
    memo: ["transcribe", "audio"],
    transcript: ["transcribe"],
  },
};
