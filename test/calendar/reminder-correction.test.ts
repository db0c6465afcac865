import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNlu, type NluContext } from "../../src/brain/nlu/index.js";
import { MemoryHandleStore } from "../../src/core/handles.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { type MailHarness, USER } from "../mail/harness.js";
import { calendarConfig, openCalendarHarness, startSeededRadicale } from "./harness.js";
import type { RadicaleServer } from "./radicale.js";

const ok = hasPrograms(["radicale"], "radicale");
const NOW = Date.UTC(2025, 2, 26, 9, 0); // Wed 26 March 2025, 10:00 in Berlin
const ZONE = "Europe/Berlin";
const nlu = createNlu(await builtinToolsForNlu(), { timezone: ZONE });

/**
 * A reminder corrected by the next turn ("no, make it 6") is the same reminder at the new time:
 * read from the CalDAV store, not from what Jarvis says it did.
 */
describe.skipIf(!ok)("a reminder corrected right after it was made (Radicale)", () => {
  let radicale: RadicaleServer;
  let harness: MailHarness;

  beforeAll(async () => {
    radicale = await startSeededRadicale();
    harness = openCalendarHarness(calendarConfig(radicale.url), { now: NOW });
  });
  afterAll(async () => {
    await harness?.close();
    await radicale?.stop();
  });

  /** The reminders the server holds: title and DUE line of each VTODO. */
  async function stored(): Promise<Array<{ title: string; due: string }>> {
    const response = await radicale.request("GET", `/${USER}/reminders/`);
    const text = (await response.text()).replace(/\r\n[ \t]/g, "");
    return [...text.matchAll(/BEGIN:VTODO([\s\S]*?)END:VTODO/g)].map((m) => ({
      title: /\nSUMMARY:(.*)/.exec(m[1]!)?.[1]?.trim() ?? "",
      due: /\nDUE[^:]*:(.*)/.exec(m[1]!)?.[1]?.trim() ?? "",
    }));
  }

  /** One session: each turn is read with the last call and the handles so far, then run. */
  function session() {
    const handles = new MemoryHandleStore();
    let last: NluContext["lastCall"];
    return async (text: string) => {
      const context: NluContext = {
        now: new Date(harness.clock.now()),
        timezone: ZONE,
        handles: handles.list().map((h) => ({ handle: h.handle, kind: h.kind, label: h.label })),
        ...(last ? { lastCall: last } : {}),
      };
      const reading = nlu.parse(text, context);
      expect(reading.kind, text).toBe("action");
      const call = { tool: reading.tool!, args: reading.args ?? {} };
      const scope = harness.scope({ broker: new FixedConfirmationBroker("approve"), handles });
      const outcome = await harness.runtime.gate.call(call, scope);
      expect(outcome.status, outcome.observation).toBe("ok");
      last = call;
      return outcome;
    };
  }

  it("moves the reminder just made to the corrected hour, on its day, and adds none", async () => {
    const say = session();
    await say("remind me at 5 to water the basil");
    expect(await stored()).toEqual([{ title: "water the basil", due: "20250326T170000" }]);
    const changed = await say("no, make it 6");
    expect(changed.result?.output).toContain("due Wed 2025-03-26 18:00");
    expect(await stored()).toEqual([{ title: "water the basil", due: "20250326T180000" }]);
    // A second correction changes the same reminder again
    await say("sorry, half past six");
    expect(await stored()).toEqual([{ title: "water the basil", due: "20250326T183000" }]);
  });

  it("leaves other reminders alone, and a new reminder after it is a reminder of its own", async () => {
    const say = session();
    await say("remind me tomorrow at 9 to ring the plumber");
    await say("actually at 10");
    await say("remind me to buy stamps on friday at noon");
    const all = await stored();
    expect(all).toContainEqual({ title: "ring the plumber", due: "20250327T100000" });
    expect(all).toContainEqual({ title: "buy stamps", due: "20250328T120000" });
    expect(all.filter((r) => r.title === "ring the plumber")).toHaveLength(1);
    expect(all.filter((r) => r.title === "water the basil")).toHaveLength(1);
  });

  it("changes a reminder named by its title, and says so when there is nothing to change", async () => {
    const call = (tool: string, args: Record<string, unknown>) =>
      harness.runtime.gate.call({ tool, args }, harness.scope());
    const moved = await call("reminders_update", { id: "buy stamps", due: "2025-03-29T08:00" });
    expect(moved.status, moved.observation).toBe("ok");
    expect((await stored()).filter((r) => r.title === "buy stamps")).toEqual([
      { title: "buy stamps", due: "20250329T080000" },
    ]);
    const nothing = await call("reminders_update", { id: "buy stamps" });
    expect(nothing.code).toBe("ARGS_INVALID");
    const none = await call("reminders_update", { id: "feed the dragon", due: "tomorrow 9am" });
    expect(none.code).toBe("NOT_FOUND");
  });
});
