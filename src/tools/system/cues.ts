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
    // The battery asked by what it must do or what is left ("last the flight", "make it last",
    // "how much juice is left", "if we're below half"): its charge is read
    {
      pattern:
        /\b(?:last|lasts|survive)\s+(?:the|a|this|my|until|till|through)\s+(?:whole\s+)?(?:flight|trip|journey|day|meeting|train|night|evening|afternoon|morning|lecture|drive)\b|\bmake\s+(?:it|this|the\s+(?:laptop|battery))\s+last\b|\b(?:how\s+much|any)\s+(?:juice|charge|battery)\b|\b(?:juice|charge|battery)\s+(?:is\s+|do\s+i\s+have\s+)?left\b|\b(?:below|under|less\s+than)\s+(?:half|a\s+quarter|a\s+third|\d+\s*(?:%|percent))(?!\s+(?:price|off|the\s+price))\b/i,
      weight: 2,
    },
  ],
  words: {
    sound: ["volume"],
    juice: ["battery"],
    blinding: ["brightness"],
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
