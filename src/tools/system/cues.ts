import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const SYSTEM_CUES: GroupCues = {
  // A message shown to the person ("show me a message on the screen", "pop a note up"):
  // a desktop notification, whatever the words around it
  shapes: [
    {
      pattern:
        /\b(?:show|pop|flash|throw)\s+(?:me\s+)?(?:up\s+)?(?:a|an)\s+(?:quick\s+|little\s+|short\s+)?(?:message|alert|notice|ping)\b|\b(?:pop|flash|put|throw)\s+(?:a|an)\s+(?:[\w-]+\s+)?(?:note|message|alert)\s+up\b|\b(?:message|alert|notice|note)\s+(?:up\s+)?on (?:my|the) screen\b/i,
      weight: 2,
    },
  ],
  words: {
    sound: ["volume"],
    loud: ["volume"],
    quiet: ["volume", "mute"],
    dim: ["brightness"],
    bright: ["brightness"],
    charge: ["battery"],
    ram: ["system", "memory"],
    disk: ["system", "space"],
    uptime: ["system"],
    silent: ["mute"],
    silence: ["mute"],
    speakers: ["volume", "mute"],
    // The situation rather than the setting: the screen hurts the eyes, the sound cannot be
    // heard, the laptop is dying or slow, the desk is about to be left
    brighter: ["brightness"],
    darker: ["brightness"],
    glare: ["brightness"],
    eyes: ["brightness"],
    hear: ["volume"],
    blasting: ["volume"],
    charger: ["battery"],
    dying: ["battery"],
    unplugged: ["battery"],
    sluggish: ["system", "memory"],
    slow: ["system", "memory"],
    fan: ["system"],
    specs: ["system"],
    desk: ["lock"],
    "walk away": ["lock"],
    "walking away": ["lock"],
    "heads up": ["notify"],
    // Something shown to the person rather than said: a notification
    "pop-up": ["notify", "notification"],
    "pop up": ["notify", "notification"],
    "flash up": ["notify", "notification"],
    "on screen": ["notify", "notification"],
    banner: ["notify", "notification"],
    // Quiet asked for in a word
    shh: ["mute"],
  },
};
