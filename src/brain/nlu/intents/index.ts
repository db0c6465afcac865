import { CONTACT_INTENTS } from "./contacts.js";
import { APP_INTENTS, SYSTEM_INTENTS, VOLUME_INTENTS } from "./device.js";
import { EDIT_INTENTS } from "./edits.js";
import { ALARM_INTENTS, CALC_INTENTS, LIST_INTENTS, TIME_INTENTS, TIMER_INTENTS } from "./everyday.js";
import { MEDIA_INTENTS } from "./media.js";
import { CALENDAR_INTENTS, MAIL_INTENTS, REMINDER_INTENTS } from "./pim.js";
import type { IntentTable } from "./types.js";
import { WEATHER_INTENTS } from "./weather.js";
import { FILE_INTENTS, KNOWLEDGE_INTENTS, WEB_INTENTS } from "./web.js";

export {
  CHAT_TEMPLATES,
  type ChatAct,
  DIALOG_FILLERS,
  DIALOG_PHRASES,
  DIALOG_SAMPLES,
  type DialogAct,
} from "./conversation.js";
export { MORE_NONE_SAMPLES, NONE_SAMPLES } from "./out-of-scope.js";
export { QUESTION_SAMPLES } from "./questions.js";
export { EXTRA_SAMPLES } from "./samples.js";
export * from "./types.js";

/**
 * Every intent the embedded brain knows, keyed by intent name (the tool name unless the
 * spec says otherwise). An intent is active only when its tool is registered.
 */
export const BUILTIN_INTENTS: IntentTable = {
  ...TIMER_INTENTS,
  ...ALARM_INTENTS,
  ...TIME_INTENTS,
  ...CALC_INTENTS,
  ...WEATHER_INTENTS,
  ...LIST_INTENTS,
  ...REMINDER_INTENTS,
  ...CALENDAR_INTENTS,
  ...EDIT_INTENTS,
  ...MAIL_INTENTS,
  ...CONTACT_INTENTS,
  ...MEDIA_INTENTS,
  ...VOLUME_INTENTS,
  ...SYSTEM_INTENTS,
  ...APP_INTENTS,
  ...WEB_INTENTS,
  ...KNOWLEDGE_INTENTS,
  ...FILE_INTENTS,
};

export function toolOf(intent: string, table: IntentTable = BUILTIN_INTENTS): string {
  return table[intent]?.tool ?? intent;
}
