import { type Keychain, systemKeychain } from "../../config/secrets.js";
import type { ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import type { CalendarServices } from "./accounts.js";
import { calendarListEventsTool } from "./events.js";
import { calendarFindFreeTimeTool } from "./free-time.js";
import { calendarExportIcsTool, calendarImportIcsTool } from "./ics.js";
import { calendarCreateEventTool, calendarDeleteEventTool, calendarUpdateEventTool } from "./mutate.js";

export {
  backendFor,
  type CalendarServices,
  calendarAccounts,
  formatEventRef,
  parseEventRef,
  pickCalendar,
  zoneFor,
} from "./accounts.js";
export type { CalendarBackend, CalendarInfo, CalendarObject } from "./backend.js";
export { CalDavBackend, davAuthorization } from "./caldav.js";
export { davFetch } from "./dav-fetch.js";
export { findFreeSlots } from "./free-time.js";
export { LocalCalendarBackend } from "./local.js";
export { userTimeZone, utcStamp, Zone } from "./timezone.js";
// Not re-exported because they load heavy libraries at import time and this module is on the
// path of every `jarvis` start: ./ical.js, ./locate.js, ./zones.js (ical.js), ./time.js
// (parseWhen: chrono-node). Import them directly.

export interface CalendarToolOptions {
  keychain?: Keychain;
}

export function createCalendarServices(deps: ToolDeps, options: CalendarToolOptions = {}): CalendarServices {
  return {
    config: deps.config,
    env: deps.env,
    secrets: { env: deps.env, keychain: options.keychain ?? systemKeychain({ env: deps.env }) },
    clock: deps.clock,
    ids: deps.ids,
    logger: deps.logger,
    backends: new Map(),
  };
}

/** Events over CalDAV (or a local vdir): list, free time, create, update, delete, .ics in and out. */
export function calendarTools(deps: ToolDeps, options: CalendarToolOptions = {}): ToolDefinition[] {
  const services = createCalendarServices(deps, options);
  const available = () =>
    deps.config.calendar.accounts.some((a) => a.caldav || a.local)
      ? undefined
      : "no calendar account is configured (`jarvis accounts add`)";
  return [
    calendarListEventsTool(services),
    calendarFindFreeTimeTool(services),
    calendarCreateEventTool(services),
    calendarUpdateEventTool(services),
    calendarDeleteEventTool(services),
    calendarImportIcsTool(services),
    calendarExportIcsTool(services),
  ].map((tool) => ({ ...tool, available }));
}
