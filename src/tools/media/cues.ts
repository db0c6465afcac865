import type { GroupCues } from "../../core/language.js";

/** A sound or video file by name. */
export const MEDIA_CUES: GroupCues = {
  shapes: [
    { pattern: /\b\w[\w-]*\.(?:mp3|m4a|wav|ogg|flac|mp4|mkv|mov|webm)\b/i, weight: 2 },
    // The track playing now, by what is asked about it
    {
      pattern:
        /\b(?:lyrics|this (?:song|track|tune)|what(?:'s| is|ever's|ever is) (?:playing|on)(?: right)? now|who (?:sings|is singing) (?:this|it))\b/i,
      weight: 1.5,
    },
  ],
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
