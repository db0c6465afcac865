import type { NluTool } from "./catalog.js";

/**
 * The tool names and groups of the team's argument contracts (HELPERS.md). Tests and the
 * benchmark build the NLU from these stubs, so every intent is active even before the other
 * groups' tools are registered; at run time the NLU is built from the real registry instead.
 */
const CONTRACT: Record<string, readonly string[]> = {
  timers: ["timer_set", "timer_list", "timer_cancel", "alarm_set", "alarm_list", "alarm_cancel"],
  time: ["time_now"],
  calc: ["calc_evaluate"],
  weather: ["weather_current", "weather_forecast"],
  lists: ["lists_add", "lists_show", "lists_remove", "lists_clear"],
  reminders: ["reminders_create", "reminders_list", "reminders_complete"],
  calendar: ["calendar_list_events", "calendar_create_event"],
  mail: ["mail_search", "mail_read", "mail_send", "mail_draft"],
  contacts: ["contacts_search"],
  media: ["media_play", "media_pause", "media_next", "media_previous", "media_now_playing"],
  system: [
    "system_volume_get",
    "system_volume_set",
    "system_mute",
    "system_brightness_set",
    "system_battery",
    "system_lock",
    "system_notify",
  ],
  apps: ["apps_launch", "apps_quit", "apps_list"],
  web: ["web_search", "web_fetch"],
  browser: ["browser_navigate"],
  knowledge: ["knowledge_search"],
  memory: ["memory_remember", "memory_recall"],
  files: ["files_search", "files_list"],
};

export const CONTRACT_TOOLS: readonly NluTool[] = Object.entries(CONTRACT).flatMap(([group, names]) =>
  names.map((name) => ({ name, group })),
);
