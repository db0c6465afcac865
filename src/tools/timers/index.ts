import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolContext, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { nextOccurrence, REPEAT_HELP, repeatDays } from "./repeat.js";
import { type CancelOutcome, describeRepeat, describeSeconds, formatClock, TimerService } from "./service.js";
import type { TimerRecord } from "./store.js";

export { ManualScheduler, realScheduler, type Scheduler } from "./scheduler.js";
export { describeSeconds, firedMessage, formatClock, TimerService } from "./service.js";
export { type TimerKind, type TimerRecord, TimerStore } from "./store.js";

export interface TimerToolsOptions {
  timezone?: string;
}

const MAX_TIMER_S = 7 * 86_400;
const MAX_ALARM_AHEAD_MS = 366 * 86_400_000;

const label = z.string().trim().min(1).max(80).describe("a short name, e.g. tea");
const handleId = (kind: string) =>
  z.string().min(1).max(64).describe(`the ${kind}'s id or handle (#t1)`).meta({ "x-handle": "t" });
const timerSet = z.object({
  duration_s: z.number().int().min(1).max(MAX_TIMER_S).describe("length in seconds"),
  label: label.optional(),
});
const cancelArgs = (kind: string) =>
  z.object({
    id: handleId(kind).optional(),
    label: label.optional().describe(`cancel the ${kind}s whose name contains this`),
    all: z.boolean().optional().describe(`cancel every ${kind}`),
  });
const alarmSet = z.object({
  at: z.iso
    .datetime({ offset: true, local: true })
    .describe("when, ISO 8601 (e.g. 2025-06-12T07:00:00+02:00); for a repeating alarm, its first time"),
  label: label.optional(),
  repeat: z.string().trim().min(1).max(40).optional().describe(`ring again at the same time: ${REPEAT_HELP}`),
});
const alarmCancel = cancelArgs("alarm").extend({
  at: z.iso.datetime({ offset: true, local: true }).optional().describe("the alarm's time"),
});
const empty = z.object({});

/** timer_set|list|cancel and alarm_set|list|cancel, persisted (migration 3), rung by the service. */
export function createTimerTools(deps: ToolDeps, options: TimerToolsOptions = {}): ToolDefinition[] {
  const timezone = options.timezone;
  const service = new TimerService({
    db: deps.db,
    clock: deps.clock,
    ids: deps.ids,
    onScheduled: (dueAt) => deps.later?.wake(dueAt),
    timezone,
  });
  /** Set in a process no service delivers for: say so, and how to start it. */
  const unattended = () => {
    const missing = deps.later?.missing();
    return missing ? ` ${missing}` : "";
  };

  const mint = (ctx: ToolContext, record: TimerRecord) =>
    ctx.handles.mint("t", record.id, {
      label: `${record.kind}${record.label ? ` ${record.label}` : ""}`,
      tool: `${record.kind}_set`,
      trust: "trusted",
    });
  const describe = (record: TimerRecord) => {
    const name = record.label ? ` "${record.label}"` : "";
    if (record.kind === "timer") {
      const left = Math.max(0, Math.round((record.dueAt - deps.clock.now()) / 1000));
      return `timer${name}: ${describeSeconds(left)} left (of ${describeSeconds(record.durationS ?? 0)})`;
    }
    const days = service.repeatOf(record.id);
    const again = days ? `, then ${describeRepeat(days)}` : "";
    return `alarm${name} at ${formatClock(record.dueAt, timezone, true)}${again}`;
  };
  const cancelled = (kind: "timer" | "alarm", outcome: CancelOutcome) => {
    if ("problem" in outcome) {
      const list = outcome.candidates.map((r) => `${r.id}: ${describe(r)}`).join("; ");
      return fail(
        outcome.candidates.length > 1 ? "ARGS_INVALID" : "NOT_FOUND",
        `${outcome.problem}${list ? ` (${list})` : ""}`,
      );
    }
    const names = outcome.cancelled.map(describe).join("; ");
    return ok(
      `Cancelled ${outcome.cancelled.length} ${kind}${outcome.cancelled.length === 1 ? "" : "s"}: ${names}.`,
      {
        cancelled: outcome.cancelled.map((r) => r.id),
      },
    );
  };

  return [
    defineTool<z.infer<typeof timerSet>>({
      name: "timer_set",
      group: "timers",
      description: "Start a countdown timer; Jarvis notifies you when it ends.",
      parameters: parametersFrom(timerSet),
      effects: ["write"],
      risk: "safe",
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        const record = service.create(
          "timer",
          deps.clock.now() + args.duration_s * 1000,
          args.label,
          args.duration_s,
        );
        const handle = mint(ctx, record);
        const name = args.label ? ` "${args.label}"` : "";
        return ok(
          `Timer${name} set for ${describeSeconds(args.duration_s)} (ends at ${formatClock(record.dueAt, timezone)}) ${handle}.${unattended()}`,
          { id: record.id, handle, dueAt: new Date(record.dueAt).toISOString() },
        );
      },
    }),
    defineTool<Record<string, never>>({
      name: "timer_list",
      group: "timers",
      description: "The running timers and how much time each has left.",
      parameters: parametersFrom(empty),
      effects: ["read"],
      risk: "safe",
      async execute(_args, ctx) {
        const timers = service.pending("timer");
        if (timers.length === 0) return ok("No timers are running.", { timers: [] });
        const lines = timers.map((r) => `${mint(ctx, r)} ${describe(r)}`);
        return ok(lines.join("\n"), {
          timers: timers.map((r) => ({ id: r.id, label: r.label, dueAt: r.dueAt })),
        });
      },
    }),
    defineTool<z.infer<ReturnType<typeof cancelArgs>>>({
      name: "timer_cancel",
      group: "timers",
      description: "Cancel a timer: by id/handle, by name, all of them, or the only one running.",
      parameters: parametersFrom(cancelArgs("timer")),
      effects: ["write"],
      risk: "safe",
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        return cancelled("timer", service.cancel("timer", args));
      },
    }),
    defineTool<z.infer<typeof alarmSet>>({
      name: "alarm_set",
      group: "timers",
      description:
        "Set an alarm for a date and time, once or repeating (every day, weekdays, chosen days); it survives restarts and rings with a notification.",
      parameters: parametersFrom(alarmSet),
      effects: ["write"],
      risk: "safe",
      async execute(args, ctx) {
        let at = Date.parse(args.at);
        const now = deps.clock.now();
        if (!Number.isFinite(at)) return fail("ARGS_INVALID", `"${args.at}" is not a date and time`);
        const days = args.repeat === undefined ? undefined : repeatDays(args.repeat);
        if (args.repeat !== undefined && !days)
          return fail("ARGS_INVALID", `"${args.repeat}" is not a repeat (say ${REPEAT_HELP})`);
        // A repeating alarm's first ring is on one of its days
        if (days && !days.includes(weekdayAt(at, timezone))) at = nextOccurrence(at, days, timezone);
        if (at <= now) return fail("ARGS_INVALID", `${formatClock(at, timezone, true)} has already passed`);
        if (at - now > MAX_ALARM_AHEAD_MS) return fail("ARGS_INVALID", "alarms can be at most a year ahead");
        ctx.signal.throwIfAborted();
        const record = service.create("alarm", at, args.label, undefined, days);
        const handle = mint(ctx, record);
        const again = days ? `, then ${describeRepeat(days)}` : "";
        return ok(
          `Alarm${args.label ? ` "${args.label}"` : ""} set for ${formatClock(at, timezone, true)}${again} ${handle}.${unattended()}`,
          {
            id: record.id,
            handle,
            at: new Date(at).toISOString(),
            ...(days ? { repeat: days } : {}),
          },
        );
      },
    }),
    defineTool<Record<string, never>>({
      name: "alarm_list",
      group: "timers",
      description: "The alarms that are set, soonest first.",
      parameters: parametersFrom(empty),
      effects: ["read"],
      risk: "safe",
      async execute(_args, ctx) {
        const alarms = service.pending("alarm");
        if (alarms.length === 0) return ok("No alarms are set.", { alarms: [] });
        return ok(alarms.map((r) => `${mint(ctx, r)} ${describe(r)}`).join("\n"), {
          alarms: alarms.map((r) => ({ id: r.id, label: r.label, at: new Date(r.dueAt).toISOString() })),
        });
      },
    }),
    defineTool<z.infer<typeof alarmCancel>>({
      name: "alarm_cancel",
      group: "timers",
      description: "Cancel an alarm: by id/handle, by name or time, all of them, or the only one set.",
      parameters: parametersFrom(alarmCancel),
      effects: ["write"],
      risk: "safe",
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        const at = args.at === undefined ? undefined : Date.parse(args.at);
        const { at: _at, ...rest } = args;
        return cancelled("alarm", service.cancel("alarm", { ...rest, ...(at === undefined ? {} : { at }) }));
      },
    }),
  ];
}

/** The weekday (0 = Sunday) of an instant in a zone. */
function weekdayAt(ms: number, timezone: string | undefined): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: timezone, weekday: "short" }).format(
    new Date(ms),
  );
  return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(name);
}
