import type { NluTool } from "./catalog.js";

/**
 * The tool names and groups of the team's argument contracts (HELPERS.md). Tests and the
 * benchmark build the NLU from these stubs, so every intent is active even before the other
 * groups' tools are registered; at run time the NLU is built from the real registry instead.
 */
const CONTRACT: Record<string, readonly string[]> = {
  timers: ["timer_set", "timer_list", "timer_cancel", "alarm_set", "alarm_list", "alarm_cancel"],
  time: ["time_now", "time_convert"],
  calc: ["calc_evaluate"],
  weather: ["weather_current", "weather_forecast"],
  lists: ["lists_add", "lists_show", "lists_remove", "lists_clear"],
  reminders: ["reminders_create", "reminders_list", "reminders_complete"],
  calendar: [
    "calendar_list_events",
    "calendar_create_event",
    "calendar_delete_event",
    "calendar_update_event",
  ],
  mail: ["mail_search", "mail_read", "mail_send", "mail_draft"],
  contacts: ["contacts_search", "contacts_add", "contacts_call"],
  media: [
    "media_play",
    "media_pause",
    "media_next",
    "media_previous",
    "media_now_playing",
    "media_shuffle",
    "media_repeat",
    "media_seek",
  ],
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

/** Required arguments of the contract tools, for stubs that carry no JSON Schema. */
export const REQUIRED_BY_CONTRACT: Readonly<Record<string, readonly string[]>> = {
  timer_set: ["duration_s"],
  alarm_set: ["at"],
  calc_evaluate: ["expression"],
  lists_add: ["list", "items"],
  lists_show: ["list"],
  lists_remove: ["list", "item"],
  lists_clear: ["list"],
  reminders_create: ["title"],
  reminders_complete: ["id"],
  calendar_create_event: ["title", "start"],
  calendar_delete_event: ["id"],
  calendar_update_event: ["id"],
  mail_read: ["id"],
  mail_send: ["to", "subject", "body"],
  mail_draft: ["to", "subject", "body"],
  contacts_search: ["query"],
  contacts_call: ["query"],
  contacts_add: ["name", "email"],
  system_brightness_set: ["level"],
  system_notify: ["title"],
  apps_launch: ["app"],
  apps_quit: ["app"],
  web_search: ["query"],
  web_fetch: ["url"],
  browser_navigate: ["url"],
  knowledge_search: ["query"],
  memory_remember: ["text"],
  memory_recall: ["query"],
  files_search: ["query"],
  media_repeat: ["mode"],
};
