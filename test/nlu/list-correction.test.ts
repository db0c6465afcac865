import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { ManualClock } from "../../src/core/clock.js";
import { silentLogger } from "../../src/core/logger.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";
import { createListTools } from "../../src/tools/lists/index.js";

/**
 * A list named as a correction right after an item was added ("no, the hardware list") moves
 * the item: checked in the list store through the gate, not in what the reading says. Before,
 * the item stayed on the first list as well.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
let temp: TempHome;
let runtime: Runtime;
beforeEach(() => {
  temp = createTempHome();
  runtime = createRuntime({
    env: temp.env,
    clock: new ManualClock(1_000_000),
    logger: silentLogger,
    tools: (deps) => createListTools(deps),
  });
});
afterEach(async () => {
  await runtime.close();
  temp.cleanup();
});

const scope = () =>
  createRunScope({ runId: "run_1", userText: [], broker: new FixedConfirmationBroker("approve") });

/** Reads a turn after the last call and runs every call it makes through the gate. */
async function turn(text: string, lastCall?: NluCall): Promise<NluCall> {
  const r = nlu.parse(text, {
    now: new Date("2025-06-11T10:00:00Z"),
    timezone: "UTC",
    ...(lastCall ? { lastCall } : {}),
  });
  expect(r.kind, text).toBe("action");
  const calls = r.calls ?? [{ tool: r.tool!, args: r.args ?? {} }];
  for (const call of calls) {
    const outcome = await runtime.gate.call(call, scope());
    expect(outcome.status, outcome.observation).toBe("ok");
  }
  return calls.at(-1)!;
}

async function items(list: string): Promise<string[]> {
  const outcome = await runtime.gate.call({ tool: "lists_show", args: { list } }, scope());
  const data = outcome.result?.data as { items?: string[] } | undefined;
  return data?.items ?? [];
}

describe("an item added to the wrong list, corrected by the next turn", () => {
  it("ends on the list named in the correction and nowhere else", async () => {
    const first = await turn("put sandpaper on the garden list");
    expect(await items("garden")).toEqual(["sandpaper"]);
    await turn("no, the hardware list", first);
    expect(await items("hardware")).toEqual(["sandpaper"]);
    expect(await items("garden")).toEqual([]);
  });

  it("leaves what was already on the first list", async () => {
    await turn("add compost to the garden list");
    const second = await turn("add screws to the garden list");
    await turn("sorry, the hardware list", second);
    expect(await items("garden")).toEqual(["compost"]);
    expect(await items("hardware")).toEqual(["screws"]);
  });
});
