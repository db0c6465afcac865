import { Zone } from "../tools/calendar/timezone.js";
import type { Condition } from "./conditions.js";
import type { RoutineSpec, Trigger } from "./spec.js";
import type { RoutineRecord, RoutineRunRecord } from "./store.js";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The trigger in words: "at 07:00 on weekdays", "when a mail from ana arrives". */
export function describeTrigger(trigger: Trigger, timezone: string): string {
  switch (trigger.type) {
    case "at":
      return `once, at ${trigger.at} (${timezone})`;
    case "every":
      return `every ${trigger.every}${trigger.start ? ` from ${trigger.start}` : ""}`;
    case "cron":
      return `${cronWords(trigger.cron) ?? `on cron "${trigger.cron}"`} (${timezone})`;
    case "rrule":
      return `on the rule ${trigger.rrule} (${timezone})`;
    case "mail": {
      const parts = [
        trigger.from && `from "${trigger.from}"`,
        trigger.subject && `about "${trigger.subject}"`,
      ];
      const what = parts.filter(Boolean).join(" ");
      return `when a mail ${what || "arrives"}${what ? " arrives" : ""}${trigger.account ? ` in ${trigger.account}` : ""}`;
    }
    case "calendar":
      return `${trigger.minutesBefore} minutes before ${trigger.title ? `an event called "${trigger.title}"` : "each calendar event"} starts`;
    case "file":
      return `when ${trigger.pattern ? `a file matching ${trigger.pattern}` : "a file"} appears${trigger.changes ? " or changes" : ""} in ${trigger.folder}`;
    case "page":
      return `when the text of ${trigger.url} changes (checked every ${trigger.every})`;
    case "webhook":
      return "when its webhook is called";
  }
}

/** Common five-field patterns in words; undefined for the rest (shown as the cron text). */
function cronWords(cron: string): string | undefined {
  const [minute, hour, dom, month, dow] = cron.trim().split(/\s+/);
  if (!minute || !hour || dom !== "*" || month !== "*" || !/^\d+$/.test(minute)) return undefined;
  if (hour === "*") return dow === "*" ? `every hour at :${minute.padStart(2, "0")}` : undefined;
  if (!/^\d+$/.test(hour)) return undefined;
  const time = `${hour.padStart(2, "0")}:${minute.padStart(2, "0")}`;
  if (dow === "*") return `every day at ${time}`;
  if (dow === "1-5" || dow?.toUpperCase() === "MON-FRI") return `at ${time} on weekdays`;
  if (dow === "0,6" || dow === "6,0" || dow?.toUpperCase() === "SAT,SUN") return `at ${time} on weekends`;
  if (dow && /^[0-7]$/.test(dow)) return `every ${DAYS[Number(dow)]} at ${time}`;
  return undefined;
}

function describeCondition(condition: Condition): string {
  const value = Array.isArray(condition.value) ? condition.value.join(", ") : condition.value;
  return condition.op === "exists"
    ? `${condition.field} is set`
    : `${condition.field} ${condition.op.replace("_", " ")} "${value}"`;
}

/** The routine as it will be saved (the creation preview) or as it is (list and show). */
export function describeRoutine(spec: RoutineSpec, extra: { next?: number | undefined } = {}): string {
  const lines = [`Routine "${spec.name}"`, `  when: ${describeTrigger(spec.trigger, spec.timezone)}`];
  if (extra.next !== undefined) lines.push(`  next: ${new Zone(spec.timezone).human(extra.next)}`);
  if (spec.conditions.length > 0)
    lines.push(`  only if: ${spec.conditions.map(describeCondition).join(" and ")}`);
  if (spec.action.type === "agent")
    lines.push(`  does: ask Jarvis "${spec.action.request}" and tell you the answer`);
  else {
    for (const call of spec.action.calls) {
      lines.push(
        call.tool === "notify_user"
          ? `  does: tell you "${String(call.args.message ?? "")}"`
          : `  does: ${call.tool} ${JSON.stringify(call.args)}`,
      );
    }
  }
  lines.push(
    `  may do unasked: ${spec.grants.length > 0 ? spec.grants.map((g) => g.text).join("; ") : "nothing (it asks first)"}`,
  );
  const catchUp = { skip: "skip what was missed", once: "run once", all: "run every missed time" }[
    spec.catchUp
  ];
  const overlap = {
    single: "skip a run while one is going",
    queue: "queue runs",
    parallel: "run side by side",
  }[spec.concurrency];
  lines.push(`  after downtime: ${catchUp}; overlapping: ${overlap}`);
  return lines.join("\n");
}

/** One line for lists. */
export function routineLine(record: RoutineRecord): string {
  const when = describeTrigger(record.spec.trigger, record.spec.timezone);
  const next =
    record.nextDueAt !== undefined && record.status === "active"
      ? `, next ${new Zone(record.spec.timezone).human(record.nextDueAt)}`
      : "";
  return `${record.id}  ${record.status.padEnd(6)}  "${record.name}"  ${when}${next}`;
}

/** A routine as the Routines page, the API and `jarvis routines` show it (never its webhook token). */
export function routineView(record: RoutineRecord, runs: RoutineRunRecord[], running: number) {
  return {
    id: record.id,
    name: record.name,
    status: record.status,
    when: describeTrigger(record.spec.trigger, record.spec.timezone),
    trigger: record.spec.trigger.type,
    description: describeRoutine(record.spec, {
      next: record.status === "active" ? record.nextDueAt : undefined,
    }),
    grants: record.spec.grants.map((g) => g.text),
    nextDueAt: record.status === "active" ? record.nextDueAt : undefined,
    running,
    totals: {
      runs: record.runs,
      tokensIn: record.tokensIn,
      tokensOut: record.tokensOut,
      timeMs: record.timeMs,
    },
    lastRun: runs[0],
    runs,
  };
}
export type RoutineView = ReturnType<typeof routineView>;
