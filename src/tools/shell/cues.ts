import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const SHELL_CUES: GroupCues = {
  words: {
    git: ["shell", "run"],
    command: ["shell", "run"],
    terminal: ["shell"],
    disk: ["df", "du"],
    "disk space": ["df", "du", "shell"],
    "disk usage": ["du", "df", "shell"],
  },
};
