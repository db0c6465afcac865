import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const WEATHER_CUES: GroupCues = {
  // The weather said the way people talk about it ("chucking it down", "got snow") or as the
  // condition a plan needs ("when it's dry", "will it stay dry")
  shapes: [
    {
      pattern:
        /\b(?:be|stays?|staying|it'?s|is|keeps?) dry\b|\bdry (?:spell|day|weather|enough)\b|\b(?:got|getting|any) (?:snow|rain|sun)\b|\b(?:chucking|tipping|pouring|bucketing|lashing|throwing) (?:it )?down\b/i,
      weight: 3,
    },
    // The sky asked about as a place ("what's it looking like out there", "what's it doing
    // outside", "how is it out"): the weather
    {
      pattern:
        /\bwhat(?:'s|’s| is| will)\s+it\s+(?:be\s+)?(?:looking|doing|like)\s+(?:like\s+)?(?:out there|outside|out)\b|\bhow(?:'s|’s| is)\s+it\s+(?:looking\s+)?(?:out there|outside)\b/i,
      weight: 3,
    },
  ],
  words: {
    outdoors: ["weather"],
    drizzle: ["rain", "weather"],
    rain: ["weather", "forecast"],
    snow: ["weather", "forecast"],
    umbrella: ["weather", "forecast"],
    temperature: ["weather"],
    cold: ["weather"],
    hot: ["weather"],
    sunny: ["weather"],
    humidity: ["weather"],
  },
};
