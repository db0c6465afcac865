import { foundation } from "./001_foundation.js";
import { agent } from "./002_agent.js";
import { everyday } from "./003_everyday.js";
import { memoryKnowledge } from "./004_memory_knowledge.js";
import { mailCalendar } from "./005_mail_calendar.js";
import { tasks } from "./006_tasks.js";
import type { Migration } from "./types.js";

/**
 * Every schema step, in order. Version numbers are reserved per area so parallel work never
 * collides: 1 foundation, 2 agent (sessions, runs, steps), 3 everyday tools (lists, timers,
 * alarms), 4 memory + knowledge, 5 mail/calendar state, 6 tasks/scheduler, 7 voice, 8 extend.
 */
export const ALL_MIGRATIONS: readonly Migration[] = [
  foundation,
  agent,
  everyday,
  memoryKnowledge,
  mailCalendar,
  tasks,
];

export type { Migration } from "./types.js";
