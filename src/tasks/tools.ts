import { z } from "zod";
import { randomToken } from "../core/ids.js";
import { parametersFrom } from "../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../core/tool.js";
import type { Gate } from "../gate/gate.js";
import type { ToolRegistry } from "../gate/registry.js";
import { userTimeZone } from "../tools/calendar/timezone.js";
import type { ToolDeps } from "../tools/deps.js";
import { withLanguage } from "../tools/language.js";
import { AlertStore } from "./alerts.js";
import { TASKS_CUES } from "./cues.js";
import type { Delivery } from "./delivery.js";
import { describeRoutine, routineLine } from "./describe.js";
import type { RoutineEngine } from "./engine.js";
import { ownAddresses } from "./grants.js";
import { TASKS_LANGUAGE } from "./language.js";
import { compileSchedule, type TimeTrigger } from "./schedule.js";
import { buildSpec, ROUTINE_PARAMETERS, type RoutineArgs, type SpecContext, TIME_TRIGGERS } from "./spec.js";
import { type RoutineRecord, RoutineStore } from "./store.js";

/** What the tools reach once the service has started its parts (absent in a plain CLI process). */
export class TasksLink {
  gate?: Pick<Gate, "assess">;
  registry?: Pick<ToolRegistry, "get">;
  delivery?: Delivery;
  engine?: RoutineEngine;
  /** Tells the engine and the observers that a routine was added, changed or removed. */
  changed?: (routine: RoutineRecord) => void;
}

const which = z
  .object({ id: z.string().trim().min(1).max(100).describe("the routine's id or name") })
  .strict();
const notifyArgs = z
  .object({
    message: z.string().trim().min(1).max(2000),
    title: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
const snoozeArgs = z
  .object({
    id: z.string().min(1).max(64).optional().describe("which alert (default: the newest ringing)"),
    minutes: z.number().int().min(1).max(1440).optional(),
  })
  .strict();
const dismissArgs = z
  .object({ id: z.string().min(1).max(64).optional(), all: z.boolean().optional() })
  .strict();

/** The routine for creation arguments: checked against this home's tools, roots and policy. */
export function specContext(deps: ToolDeps, link: TasksLink, words: string[] = []): SpecContext {
  if (!link.gate || !link.registry) throw new Error("the tasks link has no gate yet");
  return {
    gate: link.gate,
    registry: link.registry,
    roots: deps.roots,
    policy: {
      autonomy: deps.config.policy.autonomy,
      effects: deps.config.policy.effects,
      tools: deps.config.policy.tools,
    },
    ownAddresses: ownAddresses(deps.config.mail.accounts),
    timezone: userTimeZone(deps.config, deps.env),
    now: deps.clock.now(),
    words,
  };
}

/** Saves a new routine (armed at once when the service runs in this process). */
export function createRoutine(
  deps: ToolDeps,
  link: TasksLink,
  args: RoutineArgs,
  words: string[] = [],
): RoutineRecord {
  const spec = buildSpec(args, specContext(deps, link, words));
  const now = deps.clock.now();
  const record: RoutineRecord = {
    id: deps.ids.next("routine"),
    name: spec.name,
    spec,
    status: "active",
    hookToken: spec.trigger.type === "webhook" ? randomToken() : undefined,
    nextDueAt: TIME_TRIGGERS.has(spec.trigger.type)
      ? compileSchedule(spec.trigger as TimeTrigger, spec.timezone, now).next(now)
      : undefined,
    runs: 0,
    tokensIn: 0,
    tokensOut: 0,
    timeMs: 0,
    createdAt: now,
    updatedAt: now,
  };
  new RoutineStore(deps.db).insert(record);
  link.changed?.(record);
  if (record.nextDueAt !== undefined) deps.later?.wake(record.nextDueAt);
  return record;
}

/** routines_* (durable routines and observers) and the alerts any surface can snooze or dismiss. */
export function tasksTools(deps: ToolDeps, link: TasksLink): ToolDefinition[] {
  // Each group's cues ride on its tools, as the built-in groups' do (`speaking`)
  return withLanguage(tasksToolsBare(deps, link), TASKS_LANGUAGE).map((tool) => {
    const cues = TASKS_CUES[tool.group];
    return cues ? { ...tool, groupCues: cues } : tool;
  });
}

function tasksToolsBare(deps: ToolDeps, link: TasksLink): ToolDefinition[] {
  const store = new RoutineStore(deps.db);
  const alerts = new AlertStore(deps.db);
  const unattended = () => {
    const missing = deps.later?.missing();
    return missing ? ` ${missing.replace("rings it", "runs it")}` : "";
  };
  const setStatus = (id: string, status: "active" | "paused") => {
    const record = store.find(id);
    store.update(record.id, { status }, deps.clock.now());
    const updated = store.get(record.id)!;
    link.changed?.(updated);
    return ok(`${status === "paused" ? "Paused" : "Resumed"} routine "${record.name}".`, {
      id: record.id,
      status,
    });
  };
  return [
    defineTool<RoutineArgs>({
      name: "routines_create",
      group: "routines",
      description:
        "Create a routine: a trigger (at/every/cron/rrule, a mail arriving, a calendar event soon, a file in a folder, a web page changing, a webhook), optional conditions, and what to do (say, ask, or tool calls) with the grants it may use unasked.",
      parameters: ROUTINE_PARAMETERS,
      effects: ["write"],
      // It acts later without asking within its grants: always shown before it is saved.
      risk: "dangerous",
      preview: (args) => describeRoutine(buildSpec(args, specContext(deps, link))),
      async execute(args) {
        const record = createRoutine(deps, link, args);
        const hook = record.hookToken
          ? "\nIts webhook token is shown by `jarvis routines show` (keep it private)."
          : "";
        return ok(
          `Saved.\n${describeRoutine(record.spec, { next: record.nextDueAt })}${hook}${unattended()}`,
          {
            id: record.id,
            name: record.name,
            nextDueAt: record.nextDueAt,
          },
        );
      },
    }),
    listTool({
      name: "routines_list",
      description: "The routines: what triggers each, whether it is paused, when it runs next.",
      items: () => store.list(),
      none: "No routines yet.",
      line: routineLine,
      data: (r) => ({ id: r.id, name: r.name, status: r.status }),
    }),
    defineTool<z.infer<typeof which>>({
      name: "routines_pause",
      group: "routines",
      description: "Pause a routine (it keeps its settings; nothing runs until resumed).",
      parameters: parametersFrom(which),
      effects: ["write"],
      risk: "safe",
      says: ({ id }) => `Pause the routine "${id}"`,
      execute: async (args) => setStatus(args.id, "paused"),
    }),
    defineTool<z.infer<typeof which>>({
      name: "routines_resume",
      group: "routines",
      description: "Resume a paused routine (from now on; what it missed while paused is not run).",
      parameters: parametersFrom(which),
      effects: ["write"],
      risk: "caution",
      says: ({ id }) => `Resume the routine "${id}"`,
      execute: async (args) => setStatus(args.id, "active"),
    }),
    defineTool<z.infer<typeof which>>({
      name: "routines_remove",
      group: "routines",
      description: "Delete a routine and its run history.",
      parameters: parametersFrom(which),
      effects: ["delete"],
      risk: "caution",
      says: ({ id }) => `Delete the routine "${id}" and its history`,
      async execute(args) {
        const record = store.find(args.id);
        store.remove(record.id);
        link.changed?.({ ...record, status: "paused" });
        return ok(`Removed routine "${record.name}".`, { id: record.id });
      },
    }),
    defineTool<z.infer<typeof which>>({
      name: "routines_run",
      group: "routines",
      description: "Run a routine now, as if its trigger had fired.",
      parameters: parametersFrom(which),
      effects: ["write"],
      risk: "caution",
      says: ({ id }) => `Run the routine "${id}" now`,
      async execute(args, ctx) {
        const engine = link.engine;
        if (!engine)
          return fail(
            "UNAVAILABLE",
            "routines run only in the Jarvis service, and none is running here",
            "start it with `jarvis service start`",
          );
        const record = store.find(args.id);
        const parent = engine.firingOfRun(ctx.runId);
        const run = engine.trigger({
          routine: record,
          scheduledFor: deps.clock.now(),
          trigger: parent ? `run by routine "${parent.routine.name}"` : "run by hand",
          data: { routine: { id: record.id, name: record.name } },
          depth: parent ? parent.depth + 1 : 0,
          chain: parent ? [...parent.chain, parent.routine.name] : [],
        });
        return ok(`Routine "${record.name}": ${run.status}${run.note ? ` (${run.note})` : ""}.`, {
          id: run.id,
          status: run.status,
        });
      },
    }),
    defineTool<z.infer<typeof notifyArgs>>({
      name: "notify_user",
      group: "notify",
      description: "Tell the user something now, on every surface (desktop, open windows, voice).",
      parameters: parametersFrom(notifyArgs),
      effects: ["ui"],
      risk: "safe",
      says: ({ title, message }) => `Tell you: ${title ?? clip(message)}`,
      async execute(args, ctx) {
        const delivery = link.delivery;
        if (!delivery)
          return fail(
            "UNAVAILABLE",
            "nothing can show it: the Jarvis service is not running",
            "start it with `jarvis service start`",
          );
        delivery.announce("routine", `note:${ctx.runId}:${ctx.callId}`, args.title ?? "Jarvis", args.message);
        return ok(`Told you: ${args.message}`);
      },
    }),
    listTool({
      name: "alerts_list",
      description: "What is ringing or was missed (timers, alarms, reminders, routine messages).",
      items: () => alerts.open(),
      none: "Nothing is ringing.",
      says: "Check what is ringing",
      line: (a) => `${a.id} ${a.status}: ${a.message}`,
      data: (a) => ({ id: a.id, status: a.status }),
    }),
    defineTool<z.infer<typeof snoozeArgs>>({
      name: "alerts_snooze",
      group: "alerts",
      description: "Snooze what is ringing (default 10 minutes).",
      parameters: parametersFrom(snoozeArgs),
      effects: ["write"],
      risk: "safe",
      async execute(args) {
        const delivery = link.delivery;
        if (!delivery)
          return fail("UNAVAILABLE", "nothing is ringing here: the Jarvis service is not running");
        const id = args.id ?? delivery.open().at(-1)?.id;
        if (!id) return fail("NOT_FOUND", "nothing is ringing");
        const alert = delivery.snooze(id, args.minutes);
        return ok(
          `Snoozed until ${new Date(alert.snoozedUntil!).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}: ${alert.message}`,
        );
      },
    }),
    defineTool<z.infer<typeof dismissArgs>>({
      name: "alerts_dismiss",
      group: "alerts",
      description: "Stop what is ringing (or everything, with all).",
      parameters: parametersFrom(dismissArgs),
      effects: ["write"],
      risk: "safe",
      async execute(args) {
        const delivery = link.delivery;
        if (!delivery)
          return fail("UNAVAILABLE", "nothing is ringing here: the Jarvis service is not running");
        const open = delivery.open();
        const ids = args.all
          ? open.map((a) => a.id)
          : [args.id ?? open.at(-1)?.id].filter((id): id is string => !!id);
        if (ids.length === 0) return ok("Nothing is ringing.");
        for (const id of ids) delivery.dismiss(id);
        return ok(ids.length === 1 ? "Dismissed." : `Dismissed ${ids.length} alerts.`);
      },
    }),
  ];
}

/** A read-only tool that lists things, one line each (routines, alerts). */
function listTool<T>(spec: {
  name: string;
  description: string;
  items: () => T[];
  none: string;
  /** The call in words, when the group's language has none for it. */
  says?: string;
  line: (item: T) => string;
  data: (item: T) => unknown;
}): ToolDefinition {
  return defineTool<Record<string, never>>({
    name: spec.name,
    group: spec.name.split("_")[0]!,
    description: spec.description,
    parameters: parametersFrom(z.object({}).strict()),
    ...(spec.says ? { says: () => spec.says } : {}),
    effects: ["read"],
    risk: "safe",
    async execute() {
      const items = spec.items();
      if (items.length === 0) return ok(spec.none, { items: [] });
      return ok(items.map(spec.line).join("\n"), { items: items.map(spec.data) });
    },
  });
}

/** A message cut to what a one-line question can carry. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
