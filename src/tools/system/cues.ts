import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const SYSTEM_CUES: GroupCues = {
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
  },
};
