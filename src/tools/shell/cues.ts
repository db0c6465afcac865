import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const SHELL_CUES: GroupCues = {
  // What fills the disk is found by measuring it ("what is eating my disk", "hogging space")
  shapes: [
    {
      pattern:
        /\b(?:eat(?:s|ing)?|hog(?:s|ging)?|fill(?:s|ing)? up|us(?:es|ing) up|tak(?:es|ing) up|chew(?:s|ing) (?:up|through))\b.*\b(?:space|disk|storage|room|drive|it)\b|\b(?:space|disk|storage|drive)\b.*\b(?:eat(?:s|ing|en)?|hog(?:s|ging)?|fill(?:s|ing)? up|tak(?:es|ing|en) up|us(?:es|ing|ed) up)\b/i,
      weight: 2,
    },
  ],
  words: {
    git: ["shell", "run"],
    command: ["shell", "run"],
    terminal: ["shell"],
    disk: ["df", "du"],
    "disk space": ["df", "du", "shell"],
    "disk usage": ["du", "df", "shell"],
    // A code repository's state and a folder's size are read by running a program
    committed: ["git", "shell", "run"],
    uncommitted: ["git", "shell", "run"],
    biggest: ["du", "shell"],
    huge: ["du", "shell"],
  },
};
