import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const WEATHER_CUES: GroupCues = {
  words: {
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
