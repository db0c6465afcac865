import { afterEach, describe, expect, it } from "vitest";
import { AgentService } from "../../src/agent/service.js";
import { createNlu } from "../../src/brain/nlu/index.js";
import { silentLogger } from "../../src/core/logger.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { userVocabularyOf } from "../../src/runtime/agent.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { RoutineStore } from "../../src/tasks/store.js";
import { createRoutine, TasksLink } from "../../src/tasks/tools.js";
import { collect } from "../../src/testing/agent-harness.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { ListStore } from "../../src/tools/lists/store.js";

// The person's own list names reach the embedded NLU at every turn, so a list they made is a
// name Jarvis knows when it is said bare ("add pegs to camping"): the team's own sentences.

let home: TempHome | undefined;
let runtime: Runtime | undefined;
let agent: AgentService | undefined;
afterEach(async () => {
  await agent?.close();
  await runtime?.close();
  home?.cleanup();
  agent = runtime = home = undefined;
});

const approve = new FixedConfirmationBroker("approve");

function open(vocabulary?: (r: Runtime) => AgentService["deps"]["vocabulary"]) {
  home = createTempHome("jarvis-vocab-");
  runtime = createRuntime({ env: home.env, logger: silentLogger });
  const nlu = createNlu(runtime.registry.list(), { timezone: "UTC" });
  const chosen = vocabulary ? vocabulary(runtime) : userVocabularyOf(runtime);
  agent = new AgentService({ runtime, nlu, ...(chosen ? { vocabulary: chosen } : {}) });
  return { runtime, agent, lists: new ListStore(runtime.db, runtime.clock) };
}

describe("the person's own list names as values", () => {
  it("adds to a list the person made, named bare, and to no other", async () => {
    const { agent, lists } = open();
    lists.add("camping", ["tent"]);
    const { result } = await collect(
      agent.startTurn({ text: "add pegs to camping", source: "test", broker: approve }),
    );
    expect(result.status).toBe("finished");
    const camping = lists.find("camping")!;
    expect(lists.items(camping.id).map((i) => i.text)).toEqual(["tent", "pegs"]);
    expect(lists.names()).toEqual(["camping"]);
  });

  it("reads a list made during the session at the next turn", async () => {
    const { agent, lists } = open();
    await collect(agent.startTurn({ text: "add onion sets to allotment", source: "test", broker: approve }));
    expect(lists.find("allotment")).toBeUndefined();
    lists.add("allotment", ["seed potatoes"]);
    await collect(agent.startTurn({ text: "add onion sets to allotment", source: "test", broker: approve }));
    const allotment = lists.find("allotment")!;
    expect(lists.items(allotment.id).map((i) => i.text)).toEqual(["seed potatoes", "onion sets"]);
  });

  it("without the names, the same words add nothing anywhere", async () => {
    const { agent, lists } = open(() => undefined);
    lists.add("camping", ["tent"]);
    await collect(agent.startTurn({ text: "add pegs to camping", source: "test", broker: approve }));
    expect(lists.items(lists.find("camping")!.id).map((i) => i.text)).toEqual(["tent"]);
    expect(lists.names()).toEqual(["camping"]);
  });

  it("a store that cannot be read costs the names, never the turn", async () => {
    const { agent } = open(() => () => {
      throw new Error("disk gone");
    });
    const { result } = await collect(
      agent.startTurn({ text: "set a timer for 4 minutes", source: "test", broker: approve }),
    );
    expect(result.status).toBe("finished");
  });
});

/** A routine the person made, saved the way the routines tool saves it (what it does is no matter here). */
function made(runtime: Runtime, name: string): string {
  const link = Object.assign(new TasksLink(), { gate: runtime.gate, registry: runtime.registry });
  return createRoutine(runtime.deps, link, { name, on_webhook: true, ask: "tell me the time" }).id;
}

describe("the person's own routine names as values", () => {
  const statusOf = (runtime: Runtime, id: string) => new RoutineStore(runtime.db).get(id)?.status;

  it("pauses and resumes a routine the person made, named bare, and no other", async () => {
    const { runtime, agent } = open();
    const gym = made(runtime, "gym check");
    const other = made(runtime, "plant watering");
    await collect(agent.startTurn({ text: "pause gym check", source: "test", broker: approve }));
    expect(statusOf(runtime, gym)).toBe("paused");
    expect(statusOf(runtime, other)).toBe("active");
    await collect(agent.startTurn({ text: "turn the gym check back on", source: "test", broker: approve }));
    expect(statusOf(runtime, gym)).toBe("active");
    expect(statusOf(runtime, other)).toBe("active");
  });

  it("runs a routine named bare: the run tool is called with that routine, and none other is changed", async () => {
    const { runtime, agent } = open();
    made(runtime, "tea break");
    const other = made(runtime, "plant watering");
    const { events } = await collect(
      agent.startTurn({ text: "run tea break now", source: "test", broker: approve }),
    );
    const started = events.flatMap((e) => (e.type === "tool_started" ? [e.data] : []));
    expect(started.map((s) => s.tool)).toEqual(["routines_run"]);
    expect(started[0]?.doing).toContain("tea break");
    expect(statusOf(runtime, other)).toBe("active");
  });

  it("a name the person never gave a routine is not taken for one", async () => {
    const { runtime, agent } = open();
    const gym = made(runtime, "gym check");
    await collect(agent.startTurn({ text: "pause plant watering", source: "test", broker: approve }));
    expect(statusOf(runtime, gym)).toBe("active");
    expect(new RoutineStore(runtime.db).names()).toEqual(["gym check"]);
  });
});
