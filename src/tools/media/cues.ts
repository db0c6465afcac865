import type { GroupCues } from "../../core/language.js";

/** A sound or video file by name. */
export const MEDIA_CUES: GroupCues = {
  shapes: [
    { pattern: /\b\w[\w-]*\.(?:mp3|m4a|wav|ogg|flac|mp4|mkv|mov|webm)\b/i, weight: 2 },
    // What a recording's file says, wanted as text ("summarise lecture.mp4", "the points of
    // the interview.m4a"): it is written out first
    {
      pattern:
        /^(?=.*\b\w[\w-]*\.(?:mp3|m4a|wav|ogg|flac|mp4|mkv|mov|webm)\b)(?=.*\b(?:summar\w*|sum up|notes?|minutes|points|gist|quotes?|what (?:he|she|they|it|was) (?:says?|said)|text|words|written out|write out)\b)/i,
      weight: 2,
    },
    // Whatever is on now, named without its title ("the lyrics to whatever's on", "what's
    // playing right now"): the player says what it is
    {
      pattern:
        /\bwhatever(?:'s|’s|\s+is)\s+(?:on|playing)\b|\bwhat(?:'s|’s|\s+is)\s+playing\b|\b(?:this|that|the)\s+(?:song|track|tune)\s+(?:that's\s+|that\s+is\s+)?(?:on|playing)\b/i,
      weight: 2,
    },
    // A sound heard and not placed is what is playing
    {
      pattern: /\bmaking (?:that |a |some |this )?(?:noise|sound|racket)\b|\bthat (?:noise|sound)\b/i,
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
    // Listening without the player's words: something on in the background, who is singing,
    // a talk or an interview to be written out
    band: ["media"],
    singer: ["media"],
    tunes: ["media", "play"],
    "put on": ["media", "play"],
    "white noise": ["media", "play"],
    lecture: ["transcribe", "audio"],
    interview: ["transcribe", "audio"],
    "voice note": ["transcribe", "audio"],
    // Playback asked for by its kind or by going on
    "carry on": ["resume", "play"],
    "lo-fi": ["music", "play"],
    lofi: ["music", "play"],
  },
};
