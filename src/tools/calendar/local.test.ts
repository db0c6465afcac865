import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { silentLogger } from "../../core/logger.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import type { RunScope } from "../../gate/gate.js";
import { createRunScope } from "../../gate/scope.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { remindersTools } from "../reminders/index.js";
import { calendarTools } from "./index.js";

let temp: TempHome;
let runtime: Runtime;
afterEach(async () => {
  await runtime?.close();
  temp?.cleanup();
});

function open(): { runtime: Runtime; scope: RunScope } {
  temp = createTempHome();
  temp.writeConfig(`calendar:
  timezone: Europe/Berlin
  accounts:
    - name: offline
      local: { path: ~/.calendars }
`);
  runtime = createRuntime({
    env: temp.env,
    clock: new ManualClock(Date.UTC(2025, 2, 26, 9)),
    logger: silentLogger,
    tools: (deps) => [...calendarTools(deps), ...remindersTools(deps)],
  });
  const scope: RunScope = createRunScope({
    runId: "run_1",
    userText: [],
    broker: new FixedConfirmationBroker("approve"),
  });
  return { runtime, scope };
}

describe("a local calendar (vdir directory), no server at all", () => {
  it("creates, lists, moves and deletes events and keeps one .ics file per event", async () => {
    const { runtime, scope } = open();
    const call = (tool: string, args: Record<string, unknown>) => runtime.gate.call({ tool, args }, scope);
    const created = await call("calendar_create_event", {
      title: "Dentist",
      start: "2025-03-31T08:30",
      duration_min: 45,
    });
    expect(created.status, created.observation).toBe("ok");
    expect(readdirSync(join(temp.home, ".calendars", "personal"))).toHaveLength(1);
    const listed = await call("calendar_list_events", { from: "2025-03-31", to: "2025-03-31" });
    expect(listed.result?.output).toContain("#e1  Mon 2025-03-31 08:30–09:15  Dentist  [personal]");
    const moved = await call("calendar_update_event", { id: "#e1", start: "2025-04-01T10:00" });
    expect(moved.result?.data).toMatchObject({
      start: "2025-04-01T10:00+02:00",
      end: "2025-04-01T10:45+02:00",
    });
    const nothing = await call("calendar_update_event", { id: "#e1" });
    expect(nothing.observation).toBe(
      "ERROR ARGS_INVALID: nothing to change: give a title, start, end, duration_min, location or description",
    );
    const deleted = await call("calendar_delete_event", { id: "#e1" });
    expect(deleted.status).toBe("ok");
    expect(readdirSync(join(temp.home, ".calendars", "personal"))).toHaveLength(0);
    const gone = await call("calendar_delete_event", { id: "#e1" });
    expect(gone.observation).toContain("NOT_FOUND: that item no longer exists");
  });

  it("keeps reminders offline", async () => {
    const { runtime, scope } = open();
    const call = (tool: string, args: Record<string, unknown>) => runtime.gate.call({ tool, args }, scope);
    await call("reminders_create", { title: "Buy milk", due: "2025-03-26T18:00" });
    const listed = await call("reminders_list", {});
    expect(listed.result?.output).toBe("1 reminder:\n#e1  Buy milk — due Wed 2025-03-26 18:00  [personal]");
    expect((await call("reminders_complete", { id: "buy milk" })).result?.output).toBe('Done: "Buy milk".');
    expect((await call("reminders_list", {})).result?.output).toBe("No open reminders.");
  });
});
