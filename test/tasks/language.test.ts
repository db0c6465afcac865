import { describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { catalogWithTasks } from "../../src/runtime/runtime.js";
import { readSchedule } from "../../src/tasks/language.js";
import { RoutineStore } from "../../src/tasks/store.js";
import { TasksLink } from "../../src/tasks/tools.js";
import { collect, createAgentHarness } from "../../src/testing/agent-harness.js";
import { createTestNlu } from "../../src/testing/nlu.js";
import { ScriptedModel } from "../../src/testing/scripted-model.js";

const { nlu, parse } = await createTestNlu();

describe("routines said naturally (the embedded NLU, offline)", () => {
  it("reads the four ways of asking into routines_create, schedule and all", () => {
    expect(parse("every weekday at 7 tell me the weather and my first meeting")).toMatchObject({
      kind: "action",
      tool: "routines_create",
      args: { cron: "0 7 * * 1-5", ask: "tell me the weather and my first meeting" },
    });
    // A repeating reminder is a reminder that comes back (it rings at each of its days)
    expect(parse("remind me every Monday at 9 to file my timesheet")).toMatchObject({
      tool: "reminders_create",
      args: { title: "file my timesheet", repeat: "mon" },
    });
    expect(parse("when a mail from Ana arrives, notify me")).toMatchObject({
      tool: "routines_create",
      args: { on_mail_from: "Ana", say: "Mail from {{mail.from_name}}: {{mail.subject}}" },
    });
    expect(parse("tell me when ~/Downloads gets a PDF")).toMatchObject({
      tool: "routines_create",
      args: { on_file_in: "~/Downloads", on_file_pattern: "*.pdf" },
    });
    for (const result of [
      parse("every weekday at 7 tell me the weather and my first meeting"),
      parse("tell me when ~/Downloads gets a PDF"),
    ]) {
      expect(result.confidence).toBeGreaterThanOrEqual(0.9);
    }
  });

  it("leaves one-off requests to their own tools, and answers what rings", () => {
    expect(parse("remind me to call mom at 5").tool).toBe("reminders_create");
    expect(parse("set a timer for 5 minutes").tool).toBe("timer_set");
    expect(parse("snooze for 5 minutes")).toMatchObject({ tool: "alerts_snooze", args: { minutes: 5 } });
    expect(parse("what routines do i have")).toMatchObject({ tool: "routines_list" });
  });

  it("reads schedules said in words, and refuses the ones it cannot read", () => {
    expect(readSchedule("weekday at 7")).toEqual({ cron: "0 7 * * 1-5" });
    expect(readSchedule("sunday at 6:30 pm")).toEqual({ cron: "30 18 * * 0" });
    expect(readSchedule("morning")).toEqual({ cron: "0 8 * * *" });
    expect(readSchedule("weekend at noon")).toEqual({ cron: "0 12 * * 0,6" });
    expect(readSchedule("15 minutes")).toEqual({ every: "15m" });
    expect(readSchedule("hour")).toEqual({ every: "1h" });
    expect(readSchedule("blue moon")).toBeUndefined();
    expect(readSchedule("monday at 25")).toBeUndefined();
  });
});

describe("the confirmation shows the routine as it will be saved", () => {
  it("offline: the fast path asks with the routine's description, and saves it only on yes", async () => {
    const link = new TasksLink();
    const h = createAgentHarness({ nlu, tools: catalogWithTasks(link) });
    link.gate = h.runtime.gate;
    link.registry = h.runtime.registry;
    try {
      const no = new FixedConfirmationBroker("deny");
      await collect(
        h.agent.startTurn({
          text: "when a mail from Ana arrives, notify me",
          source: "cli",
          broker: no,
        }),
      );
      expect(no.seen[0]?.preview).toMatch(
        /^Routine "Mail from Ana"\n {2}when: when a mail from "Ana" arrives\n/,
      );
      expect(no.seen[0]?.preview).toContain(
        'does: tell you "Mail from {{mail.from_name}}: {{mail.subject}}"',
      );
      expect(no.seen[0]?.preview).toContain("may do unasked: notify");
      expect(new RoutineStore(h.runtime.db).list()).toEqual([]);

      const yes = new FixedConfirmationBroker("approve");
      const { result } = await collect(
        h.agent.startTurn({
          text: "when a mail from Ana arrives, notify me",
          source: "cli",
          broker: yes,
        }),
      );
      expect(result.text).toMatch(/^Saved\.\nRoutine "Mail from Ana"/);
      expect(result.text).toContain("Jarvis runs it only while its service runs");
      const [saved] = new RoutineStore(h.runtime.db).list();
      expect(saved?.spec).toMatchObject({
        trigger: { type: "mail", from: "Ana" },
        grants: [{ text: "notify" }],
      });
    } finally {
      await h.close();
    }
  }, 120_000);

  it("through a model: what the NLU cannot read, the model proposes; the same confirmation and checks apply", async () => {
    const link = new TasksLink();
    const model = new ScriptedModel([
      {
        toolCalls: [
          {
            name: "routines_create",
            args: {
              name: "Budget",
              rrule: "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=8;BYMINUTE=0",
              say: "Time to look at the budget",
            },
          },
        ],
      },
      { text: "I set that up." },
    ]);
    const h = createAgentHarness({
      nlu,
      tools: catalogWithTasks(link),
      models: [{ label: "scripted:lang", role: "primary", model }],
    });
    link.gate = h.runtime.gate;
    link.registry = h.runtime.registry;
    try {
      const yes = new FixedConfirmationBroker("approve");
      await collect(
        h.agent.startTurn({
          text: "on the first of each month at eight nudge me about the budget",
          source: "cli",
          broker: yes,
        }),
      );
      expect(yes.seen[0]?.preview).toMatch(
        /^Routine "Budget"\n {2}when: on the rule FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=8;BYMINUTE=0/,
      );
      expect(new RoutineStore(h.runtime.db).list().map((r) => r.name)).toEqual(["Budget"]);
    } finally {
      await h.close();
    }
  }, 120_000);
});
