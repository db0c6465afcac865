import { z } from "zod";
import { JarvisError } from "../core/errors.js";
import { parametersFrom, pathString, urlString } from "../core/schema.js";
import { UnattendedConfirmationBroker } from "../gate/confirm.js";
import type { Gate } from "../gate/gate.js";
import { checkPath, type PathRoots } from "../gate/paths.js";
import { createRunScope } from "../gate/scope.js";
import { isValidZone } from "../tools/calendar/timezone.js";
import {
  CONDITION_OPS,
  type Condition,
  checkCondition,
  fillTemplates,
  sampleData,
  templateFields,
} from "./conditions.js";
import { type Grant, type GrantContext, NOTIFY_TOOLS, parseGrant } from "./grants.js";
import { compileSchedule, parseEvery, type TimeTrigger } from "./schedule.js";

export type EventTrigger =
  | { type: "mail"; from?: string | undefined; subject?: string | undefined; account?: string | undefined }
  | { type: "calendar"; minutesBefore: number; title?: string | undefined }
  | { type: "file"; folder: string; pattern?: string | undefined; changes: boolean }
  | { type: "page"; url: string; every: string }
  | { type: "webhook" };
export type Trigger = TimeTrigger | EventTrigger;

export type RoutineAction =
  | { type: "tools"; calls: Array<{ tool: string; args: Record<string, unknown> }> }
  | { type: "agent"; request: string };

export type CatchUp = "skip" | "once" | "all";
export type Concurrency = "single" | "queue" | "parallel";

/** A routine as stored: everything checked, paths canonical, grants parsed. */
export interface RoutineSpec {
  name: string;
  trigger: Trigger;
  timezone: string;
  conditions: Condition[];
  action: RoutineAction;
  grants: Grant[];
  catchUp: CatchUp;
  concurrency: Concurrency;
}

export const TIME_TRIGGERS = new Set(["at", "every", "cron", "rrule"]);

const text = (max: number) => z.string().trim().min(1).max(max);
const callSchema = z
  .object({
    tool: z.string().regex(/^[a-z0-9_]{1,64}$/),
    args: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** One schema, two jobs: what `routines_create` takes (the model reads it) and what the CLI builds. */
export const routineArgs = z
  .object({
    name: text(80).optional().describe("a short name for the routine"),
    at: text(64)
      .optional()
      .describe("once, at this ISO date-time (the routine's zone unless it has an offset)"),
    every: text(40).optional().describe('repeat every interval, e.g. "15m", "2h", "1d"'),
    cron: text(120).optional().describe('five-field cron, e.g. "0 7 * * 1-5" = 07:00 on weekdays'),
    rrule: text(500).optional().describe('iCalendar RRULE, e.g. "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"'),
    start: text(64).optional().describe("when an every/rrule schedule starts (ISO date-time)"),
    timezone: text(64).optional().describe("IANA zone of the schedule (default: the user's)"),
    on_mail_from: text(320)
      .optional()
      .describe("when a mail arrives from an address or name containing this"),
    on_mail_subject: text(200).optional().describe("when a mail arrives whose subject contains this"),
    on_mail_account: text(32).optional(),
    on_event_minutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .optional()
      .describe("N minutes before a calendar event starts"),
    on_event_title: text(200).optional().describe("only events whose title contains this"),
    on_file_in: pathString("read", "when a file appears in this folder").optional(),
    on_file_pattern: text(100).optional().describe('only files matching this pattern, e.g. "*.pdf"'),
    on_file_change: z.boolean().optional().describe("also when a file there changes"),
    on_page_change: urlString("when this web page's text changes").optional(),
    page_every: text(40).optional().describe('how often to look at the page (default "15m")'),
    on_webhook: z.boolean().optional().describe("when its own local webhook URL is called"),
    conditions: z
      .array(
        z
          .object({
            field: text(100),
            op: z.enum(CONDITION_OPS),
            value: z
              .union([z.string().max(500), z.number(), z.array(z.string().max(200)).max(50)])
              .optional(),
          })
          .strict(),
      )
      .max(10)
      .optional()
      .describe("all must hold, e.g. {field: mail.subject, op: contains, value: invoice}"),
    say: text(1000).optional().describe("tell the user this ({{field}} fills in trigger data)"),
    ask: text(2000).optional().describe("a request for Jarvis to carry out each time"),
    calls: z.array(callSchema).min(1).max(10).optional().describe("tool calls to make each time"),
    grants: z
      .array(text(300))
      .max(10)
      .optional()
      .describe('what it may do unasked: "notify", "files_write under ~/Reports", "mail_send to me"'),
    catch_up: z
      .enum(["skip", "once", "all"])
      .optional()
      .describe("after downtime: skip missed runs, run once, or run every missed one"),
    concurrency: z
      .enum(["single", "queue", "parallel"])
      .optional()
      .describe("when still running: skip, queue, or run alongside"),
  })
  .strict();
export type RoutineArgs = z.infer<typeof routineArgs>;
export const ROUTINE_PARAMETERS = parametersFrom(routineArgs);

export interface SpecContext extends GrantContext {
  gate: Pick<Gate, "assess">;
  roots: PathRoots;
  timezone: string;
  now: number;
  /** What the person said or typed: arguments from it count as theirs (provenance). */
  words: string[];
}

/**
 * Turns creation arguments into a stored routine, or refuses with one line naming the problem:
 * a schedule error names its character, an unknown tool or a grant broader than allowed is
 * refused here, at creation, never at 7 a.m. when nobody is watching.
 */
export function buildSpec(args: RoutineArgs, context: SpecContext): RoutineSpec {
  const timezone = args.timezone ?? context.timezone;
  if (!isValidZone(timezone)) {
    throw new JarvisError("ARGS_INVALID", `"${timezone.slice(0, 60)}" is not a time zone`, {
      fix: "use an IANA zone such as Europe/Berlin",
    });
  }
  const trigger = triggerOf(args, context);
  if (TIME_TRIGGERS.has(trigger.type)) {
    const next = compileSchedule(trigger as TimeTrigger, timezone, context.now).next(context.now);
    if (next === undefined)
      throw new JarvisError("ARGS_INVALID", "that schedule never runs again (it is in the past)", {
        fix: "pick a time ahead",
      });
  }
  const conditions = (args.conditions ?? []) as Condition[];
  for (const [i, condition] of conditions.entries()) checkCondition(condition, trigger.type, i);
  const grants = (args.grants ?? []).map((grant) => parseGrant(grant, context));
  const action = actionOf(args);
  if (args.say !== undefined && !grants.some((g) => g.text === "notify"))
    grants.push({ text: "notify", tools: [...NOTIFY_TOOLS] });
  if (action.type === "tools") checkCalls(action.calls, trigger.type, context);
  return {
    name: args.name ?? defaultName(args),
    trigger,
    timezone,
    conditions,
    action,
    grants,
    catchUp: args.catch_up ?? "once",
    concurrency: args.concurrency ?? "single",
  };
}

function triggerOf(args: RoutineArgs, context: SpecContext): Trigger {
  const given: Trigger[] = [];
  if (args.at) given.push({ type: "at", at: args.at });
  if (args.every) given.push({ type: "every", every: args.every, start: args.start });
  if (args.cron) given.push({ type: "cron", cron: args.cron });
  if (args.rrule) given.push({ type: "rrule", rrule: args.rrule, start: args.start });
  if (args.on_mail_from || args.on_mail_subject || args.on_mail_account) {
    given.push({
      type: "mail",
      from: args.on_mail_from,
      subject: args.on_mail_subject,
      account: args.on_mail_account,
    });
  }
  if (args.on_event_minutes !== undefined)
    given.push({ type: "calendar", minutesBefore: args.on_event_minutes, title: args.on_event_title });
  if (args.on_file_in) {
    const folder = checkPath(args.on_file_in, "read", context.roots);
    given.push({
      type: "file",
      folder,
      pattern: args.on_file_pattern,
      changes: args.on_file_change ?? false,
    });
  }
  if (args.on_page_change) {
    if (!/^https?:\/\/[^\s]+$/i.test(args.on_page_change)) {
      throw new JarvisError("ARGS_INVALID", `"${args.on_page_change.slice(0, 80)}" is not a web address`, {
        fix: "give the page's full http(s) URL",
      });
    }
    parseEvery(args.page_every ?? "15m");
    given.push({ type: "page", url: args.on_page_change, every: args.page_every ?? "15m" });
  }
  if (args.on_webhook) given.push({ type: "webhook" });
  if (given.length !== 1) {
    throw new JarvisError(
      "ARGS_INVALID",
      given.length === 0
        ? "a routine needs a trigger"
        : `a routine has one trigger (found ${given.map((t) => t.type).join(", ")})`,
      {
        fix: "give one of at, every, cron, rrule, on_mail_from, on_event_minutes, on_file_in, on_page_change, on_webhook",
      },
    );
  }
  return given[0]!;
}

function actionOf(args: RoutineArgs): RoutineAction {
  const count = [args.say, args.ask, args.calls].filter((a) => a !== undefined).length;
  if (count !== 1) {
    throw new JarvisError(
      "ARGS_INVALID",
      count === 0 ? "a routine needs something to do" : "a routine does one of: say, ask, calls",
      {
        fix: 'e.g. say "time to stretch", or ask "summarize my new mail"',
      },
    );
  }
  if (args.ask !== undefined) return { type: "agent", request: args.ask };
  if (args.say !== undefined)
    return {
      type: "tools",
      calls: [
        { tool: "notify_user", args: { message: args.say, ...(args.name ? { title: args.name } : {}) } },
      ],
    };
  return {
    type: "tools",
    calls: (args.calls ?? []).map((call) => ({ tool: call.tool, args: call.args ?? {} })),
  };
}

/** Each call must name a known tool with valid arguments (templates filled with sample data). */
function checkCalls(
  calls: Array<{ tool: string; args: Record<string, unknown> }>,
  triggerType: string,
  context: SpecContext,
): void {
  const sample = sampleData(triggerType);
  for (const [i, call] of calls.entries()) {
    for (const field of templateFields(call.args)) {
      checkCondition({ field, op: "exists" }, triggerType, i);
    }
    const scope = createRunScope({
      runId: "routine_check",
      userText: context.words,
      broker: new UnattendedConfirmationBroker(),
    });
    const assessed = context.gate.assess({ tool: call.tool, args: fillTemplates(call.args, sample) }, scope);
    if (!assessed.valid) {
      throw new JarvisError(
        assessed.code === "TOOL_UNKNOWN" ? "TOOL_UNKNOWN" : "ARGS_INVALID",
        `call ${i + 1} (${call.tool}): ${assessed.reason}`,
        {
          fix:
            assessed.code === "TOOL_UNKNOWN"
              ? "run `jarvis tools list` to see the tools"
              : "fix that call's arguments",
        },
      );
    }
  }
}

function defaultName(args: RoutineArgs): string {
  const what = args.say ?? args.ask ?? args.calls?.map((c) => c.tool).join(", ") ?? "routine";
  return what.length > 60 ? `${what.slice(0, 59)}…` : what;
}
