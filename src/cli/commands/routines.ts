import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { callService, findService, type ServiceTarget } from "../../runtime/service-client.js";
import { CONDITION_OPS, type Condition } from "../../tasks/conditions.js";
import type { RoutineView } from "../../tasks/describe.js";
import type { RoutineArgs } from "../../tasks/spec.js";
import { type CliContext, parseJsonFlag } from "../base-context.js";
import { action } from "../run.js";

interface AddFlags {
  name?: string;
  at?: string;
  every?: string;
  cron?: string;
  rrule?: string;
  start?: string;
  tz?: string;
  onMailFrom?: string;
  onMailSubject?: string;
  onMailAccount?: string;
  onEvent?: string;
  eventTitle?: string;
  onFile?: string;
  filePattern?: string;
  fileChange?: boolean;
  onPage?: string;
  pageEvery?: string;
  onWebhook?: boolean;
  if: string[];
  say?: string;
  ask?: string;
  call: string[];
  grant: string[];
  catchUp?: string;
  concurrency?: string;
  spec?: string;
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `--if 'mail.subject contains invoice'`: field, operator, the rest is the value. */
export function parseCondition(text: string): Condition {
  const match = /^\s*([a-z_]+(?:\.[a-z0-9_]+)+)\s+([a-z_]+)(?:\s+(.*))?$/i.exec(text);
  if (!match || !(CONDITION_OPS as readonly string[]).includes(match[2]!)) {
    throw new JarvisError("USAGE", `--if "${text.slice(0, 80)}" is not "<field> <operator> <value>"`, {
      fix: `e.g. --if "mail.subject contains invoice" (operators: ${CONDITION_OPS.join(", ")})`,
    });
  }
  const raw = match[3]?.trim();
  const value =
    raw === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw.replace(/^"(.*)"$/, "$1");
  return { field: match[1]!, op: match[2] as Condition["op"], ...(value === undefined ? {} : { value }) };
}

/** `--call 'files_write {"path": "~/Reports/x.md", "content": "…"}'`. */
export function parseCall(text: string): { tool: string; args: Record<string, unknown> } {
  const match = /^\s*([a-z0-9_]{1,64})\s*(\{[\s\S]*\})?\s*$/.exec(text);
  if (!match)
    throw new JarvisError("USAGE", `--call "${text.slice(0, 80)}" is not "<tool> {json args}"`, {
      fix: `e.g. --call 'probe_write {"key": "x"}'`,
    });
  return {
    tool: match[1]!,
    args: match[2] ? (parseJsonFlag("--call", match[2]) as Record<string, unknown>) : {},
  };
}

/**
 * The flags as creation arguments (the same schema the routines_create tool takes). The schema's
 * module is imported here: it brings the gate's path checks, which only `add` needs.
 */
export async function argsFromFlags(flags: AddFlags): Promise<RoutineArgs> {
  const { routineArgs } = await import("../../tasks/spec.js");
  const given = flags.spec ? (parseJsonFlag("--spec", flags.spec) as Record<string, unknown>) : {};
  const minutes = flags.onEvent === undefined ? undefined : Number(flags.onEvent);
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 0)) {
    throw new JarvisError("USAGE", `--on-event must be a number of minutes (got "${flags.onEvent}")`);
  }
  const fromFlags: Record<string, unknown> = {
    name: flags.name,
    at: flags.at,
    every: flags.every,
    cron: flags.cron,
    rrule: flags.rrule,
    start: flags.start,
    timezone: flags.tz,
    on_mail_from: flags.onMailFrom,
    on_mail_subject: flags.onMailSubject,
    on_mail_account: flags.onMailAccount,
    on_event_minutes: minutes,
    on_event_title: flags.eventTitle,
    on_file_in: flags.onFile,
    on_file_pattern: flags.filePattern,
    on_file_change: flags.fileChange,
    on_page_change: flags.onPage,
    page_every: flags.pageEvery,
    on_webhook: flags.onWebhook,
    conditions: flags.if.length > 0 ? flags.if.map(parseCondition) : undefined,
    say: flags.say,
    ask: flags.ask,
    calls: flags.call.length > 0 ? flags.call.map(parseCall) : undefined,
    grants: flags.grant.length > 0 ? flags.grant : undefined,
    catch_up: flags.catchUp,
    concurrency: flags.concurrency,
  };
  const merged = {
    ...given,
    ...Object.fromEntries(Object.entries(fromFlags).filter(([, v]) => v !== undefined)),
  };
  const parsed = routineArgs.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JarvisError("USAGE", `${issue?.path.join(".") || "routine"}: ${issue?.message ?? "invalid"}`, {
      fix: "see `jarvis routines add --help`",
    });
  }
  return parsed.data;
}

/** The service when it runs (changes take effect there at once), otherwise this process. */
export interface Backend {
  list(): Promise<RoutineView[]>;
  show(id: string): Promise<RoutineView>;
  add(args: RoutineArgs, words: string): Promise<{ routine: RoutineView; hookToken?: string }>;
  patch(id: string, patch: { status?: "active" | "paused"; grants?: string[] }): Promise<RoutineView>;
  remove(id: string): Promise<string>;
  run(id: string): Promise<{ status: string; note?: string }>;
  hook(id: string): Promise<{ url: string; token: string }>;
  attached: boolean;
}

function remote(target: ServiceTarget): Backend {
  const path = (id: string) => `/api/routines/${encodeURIComponent(id)}`;
  return {
    attached: true,
    list: async () =>
      (await callService<{ routines: RoutineView[] }>(target, "GET", "/api/routines")).routines,
    show: async (id) => (await callService<{ routine: RoutineView }>(target, "GET", path(id))).routine,
    add: (args) => callService(target, "POST", "/api/routines", args),
    patch: async (id, patch) =>
      (await callService<{ routine: RoutineView }>(target, "PATCH", path(id), patch)).routine,
    remove: async (id) => (await callService<{ removed: string }>(target, "DELETE", path(id))).removed,
    run: async (id) =>
      (await callService<{ run: { status: string; note?: string } }>(target, "POST", `${path(id)}/run`)).run,
    hook: (id) => callService(target, "GET", `${path(id)}/hook`),
  };
}

async function backend(context: CliContext): Promise<Backend> {
  const target = findService(context.env);
  return target ? remote(target) : await (await import("./routines-local.js")).localRoutines(context);
}

function printRoutine(context: CliContext, view: RoutineView): void {
  context.print(
    `${view.description}\n  id: ${view.id} (${view.status}${view.running ? `, ${view.running} running` : ""})`,
  );
  const t = view.totals;
  context.print(
    `  so far: ${t.runs} runs, ${t.tokensIn + t.tokensOut} model tokens, ${(t.timeMs / 1000).toFixed(1)} s`,
  );
  for (const run of view.runs) {
    const when = new Date(run.startedAt).toISOString().replace("T", " ").slice(0, 19);
    const cost = run.tokensIn + run.tokensOut > 0 ? `, ${run.tokensIn + run.tokensOut} tokens` : "";
    context.print(
      `    ${when}  ${run.status.padEnd(9)} ${run.trigger}${run.note ? ` — ${run.note}` : ""}${run.runId ? ` (run ${run.runId}${cost})` : ""}`,
    );
  }
}

export function registerRoutinesCommands(program: Command, context: CliContext): void {
  const routines = program
    .command("routines")
    .description("durable routines and observers: a trigger, conditions, actions and grants");
  const json = (value: unknown) => context.print(JSON.stringify(value));
  routines
    .command("add")
    .description("create a routine (one trigger, one action; grants say what it may do unasked)")
    .option("--name <name>", "a short name")
    .option("--at <datetime>", "once, at this ISO date-time")
    .option("--every <interval>", 'repeat, e.g. "15m", "2h", "1d"')
    .option("--cron <expr>", 'five-field cron, e.g. "0 7 * * 1-5"')
    .option("--rrule <rule>", 'RRULE, e.g. "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"')
    .option("--start <datetime>", "when an --every/--rrule schedule starts")
    .option("--tz <zone>", "the schedule's IANA time zone (default: yours)")
    .option("--on-mail-from <who>", "when a mail from this address or name arrives")
    .option("--on-mail-subject <words>", "when a mail whose subject contains this arrives")
    .option("--on-mail-account <name>", "which mail account to watch (default: the first)")
    .option("--on-event <minutes>", "this many minutes before a calendar event starts")
    .option("--event-title <words>", "only events whose title contains this")
    .option("--on-file <folder>", "when a file appears in this folder")
    .option("--file-pattern <glob>", 'only files matching, e.g. "*.pdf"')
    .option("--file-change", "also when a file there changes")
    .option("--on-page <url>", "when this web page's text changes")
    .option("--page-every <interval>", 'how often to look at the page (default "15m")')
    .option("--on-webhook", "when its own local webhook is called (with its own token)")
    .option("--if <condition>", 'only if, e.g. "mail.subject contains invoice" (repeatable)', collect, [])
    .option("--say <text>", "tell you this ({{mail.subject}} etc. fill in the trigger's data)")
    .option("--ask <request>", "ask Jarvis to do this each time, and tell you the answer")
    .option(
      "--call <call>",
      `a tool call, e.g. 'files_write {"path": "~/Reports/x.md", "content": "…"}' (repeatable)`,
      collect,
      [],
    )
    .option(
      "--grant <grant>",
      'what it may do unasked: "notify", "files_write under ~/Reports", "mail_send to me" (repeatable)',
      collect,
      [],
    )
    .option("--catch-up <policy>", "after downtime: skip, once (default) or all")
    .option("--concurrency <policy>", "while one runs: single (default, skip), queue or parallel")
    .option("--spec <json>", "the whole routine as JSON (the routines_create arguments)")
    .option("--json", "print the saved routine as JSON")
    .action(
      action(context, async (flags: AddFlags) => {
        const args = await argsFromFlags(flags);
        const target = await backend(context);
        const saved = await target.add(args, JSON.stringify(args));
        if (flags.json) return json(saved);
        context.print(`Saved.\n${saved.routine.description}\n  id: ${saved.routine.id}`);
        if (saved.hookToken) {
          context.print(
            `  webhook: POST /hooks/${saved.routine.id} with "Authorization: Bearer ${saved.hookToken}" (keep it private)`,
          );
        }
        if (!target.attached)
          context.printError(
            "It runs only while the Jarvis service runs: start it with `jarvis service start`.",
          );
      }),
    );
  routines
    .command("list")
    .description("every routine: trigger, status, next run, last result")
    .option("--json", "one JSON object per routine")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const list = await (await backend(context)).list();
        for (const view of list) {
          if (flags.json) json(view);
          else {
            const next = view.nextDueAt
              ? `, next ${new Date(view.nextDueAt).toISOString().slice(0, 16).replace("T", " ")} UTC`
              : "";
            const last = view.lastRun ? `, last: ${view.lastRun.status}` : "";
            context.print(`${view.id}  ${view.status.padEnd(6)}  "${view.name}"  ${view.when}${next}${last}`);
          }
        }
        if (!flags.json && list.length === 0)
          context.printError('no routines yet (add one: jarvis routines add --every 1h --say "stretch")');
      }),
    );
  routines
    .command("show <id>")
    .description("a routine: what it does, its grants, its recent runs and what they cost")
    .option("--json", "as one JSON object")
    .option("--token", "also print its webhook address and token")
    .action(
      action(context, async (id: string, flags: { json?: boolean; token?: boolean }) => {
        const target = await backend(context);
        const view = await target.show(id);
        const hook = flags.token ? await target.hook(view.id) : undefined;
        if (flags.json) return json({ ...view, ...(hook ? { hook } : {}) });
        printRoutine(context, view);
        if (hook) context.print(`  webhook: POST ${hook.url}\n  token: ${hook.token}`);
      }),
    );
  const status = (name: "pause" | "resume", to: "active" | "paused") =>
    routines
      .command(`${name} <id>`)
      .description(
        name === "pause"
          ? "pause a routine (nothing runs until resumed)"
          : "resume a paused routine (from now on)",
      )
      .option("--json", "print the routine as JSON")
      .action(
        action(context, async (id: string, flags: { json?: boolean }) => {
          const view = await (await backend(context)).patch(id, { status: to });
          if (flags.json) json(view);
          else context.print(`${to === "paused" ? "Paused" : "Resumed"} "${view.name}".`);
        }),
      );
  status("pause", "paused");
  status("resume", "active");
  routines
    .command("grants <id>")
    .description("show a routine's grants; --add or --revoke to change them")
    .option("--add <grant>", "grant one more thing (repeatable)", collect, [])
    .option("--revoke <grant>", "take one back, by its words or its number (repeatable)", collect, [])
    .option("--json", "as JSON")
    .action(
      action(context, async (id: string, flags: { add: string[]; revoke: string[]; json?: boolean }) => {
        const target = await backend(context);
        let view = await target.show(id);
        if (flags.add.length > 0 || flags.revoke.length > 0) {
          const kept = view.grants.filter(
            (grant, i) =>
              !flags.revoke.some(
                (r) => r === String(i + 1) || r.trim().toLowerCase() === grant.toLowerCase(),
              ),
          );
          if (kept.length + flags.revoke.length !== view.grants.length) {
            throw new JarvisError(
              "USAGE",
              `"${flags.revoke.join('", "')}" is not one of this routine's grants`,
              { fix: "see them with `jarvis routines grants <id>`" },
            );
          }
          view = await target.patch(view.id, { grants: [...kept, ...flags.add] });
        }
        if (flags.json) return json({ id: view.id, grants: view.grants });
        if (view.grants.length === 0) context.print(`"${view.name}" may do nothing unasked (it asks first).`);
        for (const [i, grant] of view.grants.entries()) context.print(`${i + 1}. ${grant}`);
      }),
    );
  routines
    .command("remove <id>")
    .description("delete a routine and its history")
    .action(
      action(context, async (id: string) => {
        context.print(`Removed ${await (await backend(context)).remove(id)}.`);
      }),
    );
  routines
    .command("run <id>")
    .description("run a routine now, as if its trigger fired (in the service)")
    .option("--json", "as JSON")
    .action(
      action(context, async (id: string, flags: { json?: boolean }) => {
        const run = await (await backend(context)).run(id);
        if (flags.json) json(run);
        else
          context.print(
            `${run.status}${run.note ? ` (${run.note})` : ""}; see \`jarvis routines show ${id}\``,
          );
      }),
    );
}
