import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const CALC_CUES: GroupCues = {
  words: {
    percent: ["calculate"],
    tip: ["calculate"],
    convert: ["calculate", "convert"],
    spent: ["calculate"],
    total: ["calculate"],
    difference: ["calculate"],
    cheaper: ["calculate"],
    afford: ["calculate"],
    average: ["calculate"],
    split: ["calculate"],
    owe: ["calculate"],
    ratio: ["calculate"],
    percentage: ["calculate"],
    sum: ["calculate"],
  },
};
