import type { GroupCues } from "../../core/language.js";
import { APP_NAME, APP_THEN_KEYS, APP_WORD } from "../cue-shapes.js";

/** Everyday words for what this group's tools say in their own terms. */
export const INPUT_CUES: GroupCues = {
  // Keys, clicks and typing go to the focused window: it is brought forward first
  lookups: {
    input_hotkey: ["windows_focus", "apps_focus"],
    input_click: ["windows_focus", "apps_focus"],
    input_type: ["windows_focus", "apps_focus", "apps_launch"],
  },
  shapes: [
    // A program opened and worked in at once ("open <app> and write …"): its keys are the step
    { pattern: APP_THEN_KEYS, weight: 1.5 },
    // An app's own command said as a step ("… and save it"): a keyboard shortcut in its window
    {
      pattern:
        /\b(?:save|undo|redo|refresh|reload|print|select all|zoom (?:in|out))\s+(?:it|that|this|them|the (?:file|doc|document|page|changes?|edits?))\b/i,
      weight: 1,
    },
    // Words quoted for an app to hold ("start the doc with 'Minutes'"): typed into its window
    {
      pattern: new RegExp(
        `^(?=.*(?:${APP_NAME.source}|${APP_WORD.source}|\\b(?:window|editor|doc|document)\\b))(?=.*["'‘“][^"'’”]{3,}["'’”])`,
        "i",
      ),
      weight: 1,
    },
    // Text put into a window already open ("in the open editor window", "into the focused
    // window"): typed there, the caret moved by keys
    {
      pattern:
        /\b(?:in|into|to)\s+(?:the|my|that|this)\s+(?:open|focused|active|current|front)\s+(?:[\w-]+\s+){0,2}window\b/i,
      weight: 1.5,
    },
    // The document or program the person is in, said from where they sit ("the document where
    // I am", "the one I'm in"): its window is the focused one, worked by its keys
    {
      pattern: /\b(?:where i am|where i'?m at|(?:the )?one i'?m in|i'?m (?:working|typing|writing) in)\b/i,
      weight: 1.5,
    },
    // Something pasted into a program named by what it is for ("into the ticket app", "in the
    // booking window"): that window is brought forward and the paste is its keys
    {
      pattern:
        /\bpaste\b[^.?!]{0,40}?\b(?:into|in)\s+(?:the|my|that|this)\s+(?:[\w-]+\s+){0,2}(?:app|application|program|window|editor)\b/i,
      weight: 1.5,
    },
  ],
  words: {
    // A place in a document reached by its keys (Ctrl+End, Ctrl+Home)
    "very end": ["hotkey", "press", "type"],
    "very top": ["hotkey", "press", "type"],
    "very bottom": ["hotkey", "press", "type"],
    "very start": ["hotkey", "press", "type"],
    "very beginning": ["hotkey", "press", "type"],
    key: ["hotkey", "press"],
    shortcut: ["hotkey"],
    keyboard: ["type", "hotkey"],
    scroll: ["hotkey", "press"],
  },
};
