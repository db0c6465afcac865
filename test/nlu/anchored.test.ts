import { afterAll, describe, expect, it } from "vitest";
import type { Nlu, NluResult } from "../../src/brain/nlu/index.js";
import { headedValue, labelledValues } from "../../src/brain/nlu/labelled.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { type AgentHarness, collect, createAgentHarness } from "../../src/testing/agent-harness.js";
import { builtinToolsForNlu, parseLeaning } from "../../src/testing/index.js";
import { createTimerTools, TimerStore } from "../../src/tools/timers/index.js";

/**
 * The middle band reaching any request (anchored.ts): a turn that read as no request is asked as
 * the classifier's first or second reading when the tool's own words are said and every value its
 * schema needs is found by that value's own parser. The classifier is written by hand here
 * (`parseLeaning`: the labels ranked by their biases alone), so the test does not rest on a
 * training draw: "no request" leads, the timer is second.
 */
const tools = await builtinToolsForNlu();
const ACT = 0.9;
const ASK = 0.6;
const NO_REQUEST_LEADS = { _none: 3, timer_set: 1.5, alarm_set: 0.2, media_play: 0.1 };
const SAID = "the timer, um, the timer thing, could it do nine minutes of it";

const middle = (r: NluResult) =>
  r.kind === "action" && !r.missing?.length && r.confidence >= ASK && r.confidence < ACT;

describe("a reading anchored by its tool's words and its typed values", () => {
  it("is asked as the action, in words, with the value that was said", () => {
    const r = parseLeaning(tools, SAID, NO_REQUEST_LEADS);
    expect(middle(r)).toBe(true);
    expect(r.tool).toBe("timer_set");
    expect(r.args).toMatchObject({ duration_s: 540 });
    expect(r.summary).toBe("Set a timer for 9 minutes");
  });

  it("is not asked on the tool's words alone, with no value of the kind it needs", () => {
    const r = parseLeaning(tools, "the timer, um, the timer thing, whatever it was", NO_REQUEST_LEADS);
    expect(middle(r)).toBe(false);
  });

  it("is not asked on a value alone, without the tool's words (a length is said of many things)", () => {
    const r = parseLeaning(tools, "film what i do on here for nine minutes", NO_REQUEST_LEADS);
    expect(r.kind === "action" && r.confidence >= ASK).toBe(false);
  });

  it("reads no deeper than the second reading", () => {
    // "No request" clearly first, so the re-ranker (rerank.ts) does not read deeper either
    const third = { _none: 4, alarm_set: 2, media_play: 1.5, timer_set: 1 };
    const r = parseLeaning(tools, SAID, third);
    expect(r.kind === "action" && r.tool === "timer_set").toBe(false);
  });

  it("is asked from a field list the schema's names label, with no word of the tool's language", () => {
    const said = "to ana@example.org, subject Gate code, body it is 4471 from today";
    const r = parseLeaning(tools, said, { _none: 3, mail_draft: 1.5, notes_add: 0.2 });
    expect(middle(r)).toBe(true);
    expect(r.tool).toBe("mail_draft");
    expect(r.args).toMatchObject({
      to: ["ana@example.org"],
      subject: "Gate code",
      body: "it is 4471 from today",
    });
    expect(r.summary).toBeDefined();
  });

  it("leaves a request of a kind Jarvis declines declined", () => {
    const r = parseLeaning(tools, "set a timer on my neighbour's oven for nine minutes", NO_REQUEST_LEADS);
    expect(r.kind === "action" && r.confidence >= ASK).toBe(false);
  });
});

/** The product path: the agent asks the action in plain words; "yes" runs it through the gate. */
describe("an anchored reading in the agent", () => {
  const harnesses: AgentHarness[] = [];
  afterAll(async () => {
    for (const h of harnesses) await h.close();
  });
  const leaning: Nlu = { parse: (text) => parseLeaning(tools, text, NO_REQUEST_LEADS) };
  const agent = () => {
    const h = createAgentHarness({ nlu: leaning, tools: (deps) => createTimerTools(deps) });
    harnesses.push(h);
    return h;
  };

  it("sets the timer after yes, asked once in plain words", async () => {
    const h = agent();
    const broker = new FixedConfirmationBroker("approve");
    const { result } = await collect(h.agent.startTurn({ text: SAID, source: "test", broker }));
    expect(broker.seen).toHaveLength(1);
    expect(broker.seen[0]?.ask).toBe("Set a timer for 9 minutes?");
    expect(result.status).toBe("finished");
    const timers = new TimerStore(h.runtime.db).pending("timer");
    expect(timers).toHaveLength(1);
    expect(timers[0]?.durationS).toBe(540);
  });

  it("sets nothing after no", async () => {
    const h = agent();
    const broker = new FixedConfirmationBroker("deny");
    const { result } = await collect(h.agent.startTurn({ text: SAID, source: "test", broker }));
    expect(broker.seen).toHaveLength(1);
    expect(result).toMatchObject({ status: "finished", text: "Okay, I won't." });
    expect(new TimerStore(h.runtime.db).pending()).toEqual([]);
  });
});

describe("values labelled by their schema's names (a field list)", () => {
  const message = {
    to: { type: "array", items: { type: "string", "x-provenance": "email" } },
    subject: { type: "string" },
    body: { type: "string" },
  };
  const popup = { message: { type: "string" }, title: { type: "string" } };

  it("reads each labelled value up to the next label, and the address said before them", () => {
    expect(
      labelledValues(message, "to ana@example.org, subject Gate code, body it is 4471 from today"),
    ).toEqual({
      to: ["ana@example.org"],
      subject: "Gate code",
      body: "it is 4471 from today",
    });
  });

  it("lets any name for a message's words label its words", () => {
    expect(labelledValues(message, "subject: Rota - text: I swapped with Sam")).toEqual({
      subject: "Rota",
      body: "I swapped with Sam",
    });
    expect(labelledValues(popup, "put one up titled Tea saying the kettle has boiled")).toEqual({
      title: "Tea",
      message: "the kettle has boiled",
    });
  });

  it("reads no field list from one label, a noun with its article, or a preposition", () => {
    expect(labelledValues(message, "change the subject of the thread")).toBeUndefined();
    expect(labelledValues(popup, "a message titled Hello")).toBeUndefined();
    const route = { from: { type: "string" }, to: { type: "string" } };
    expect(labelledValues(route, "how long is it from the station to the harbour")).toBeUndefined();
  });
});

describe("a request headed by the name of what a group keeps", () => {
  const note = { text: { type: "string" }, title: { type: "string" } };

  it("reads the words after the group's name as the one value its keeper needs", () => {
    expect(headedValue("notes", ["text"], note, "note - van parked in bay 3")).toEqual({
      text: "van parked in bay 3",
    });
    expect(headedValue("notes", ["text"], note, "quick note: gate code is 4471")).toEqual({
      text: "gate code is 4471",
    });
  });

  it("reads nothing when the name is not at the head, or only one word follows", () => {
    expect(headedValue("notes", ["text"], note, "where did I put that note about the van")).toBeUndefined();
    expect(headedValue("notes", ["text"], note, "note this")).toBeUndefined();
  });

  it("reads nothing for a value that is a name or a query rather than words to keep", () => {
    const call = { query: { type: "string" } };
    expect(headedValue("contacts", ["query"], call, "contact details for my dentist")).toBeUndefined();
  });

  it("is asked as the keeper's action when the group is among the first readings", () => {
    const r = parseLeaning(tools, "note - van parked in bay 3", {
      _none: 3,
      notes_read: 1.5,
      media_play: 0.2,
    });
    expect(middle(r)).toBe(true);
    expect(r.tool).toBe("notes_add");
    expect(r.args).toMatchObject({ text: "van parked in bay 3" });
  });
});
