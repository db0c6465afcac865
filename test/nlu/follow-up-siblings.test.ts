import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * The follow-up reader's verbs on what was just done (issue 16, mechanism 1.2–1.3): a verb on
 * "it" or "that" goes to the sibling of the last call's tool whose own requests open with that
 * verb, with the last call's values; a correction's lead-in ("no", "actually") is set aside and
 * the rest read after the same call. A change of tool is only ever asked, never acted on.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });

describe("a verb on what was just done goes to the sibling that opens with it", () => {
  it("forgetting a fact just remembered, with the fact as what to forget", () => {
    const remembered: NluCall = { tool: "memory_remember", args: { text: "the spare key is under the pot" } };
    for (const then of ["forget that", "oh actually forget it", "no wait, forget that"]) {
      const r = secondTurn(remembered, then);
      expect(r).toMatchObject({
        kind: "action",
        tool: "memory_forget",
        args: { query: "the spare key is under the pot" },
      });
      expect(r.confidence).toBeLessThan(0.9);
    }
  });

  it("sending a draft just written keeps who it is to and what it says", () => {
    const draft: NluCall = {
      tool: "mail_draft",
      args: { to: ["ines@example.org"], subject: "Keys", body: "The keys are with the neighbour" },
    };
    const r = secondTurn(draft, "ok send it");
    expect(r).toMatchObject({ tool: "mail_send", args: { to: ["ines@example.org"], subject: "Keys" } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("switching off an alert just snoozed", () => {
    const r = secondTurn({ tool: "alerts_snooze", args: {} }, "nah just turn it off");
    expect(r).toMatchObject({ kind: "action", tool: "alerts_dismiss" });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a verb the group does not open with leaves the turn as it was", () => {
    const r = secondTurn({ tool: "web_search", args: { query: "ferry times" } }, "forget it");
    expect(r.kind).not.toBe("action");
  });
});

describe("a correction's lead-in is set aside", () => {
  it("the rest read after the same call stands when it is of the same area", () => {
    const r = secondTurn({ tool: "browser_navigate", args: { url: "example.org/news" } }, "no, go back");
    expect(r).toMatchObject({ kind: "action", tool: "browser_back" });
  });

  it("after another area's call, the last call's sibling is asked, not another area's tool acted", () => {
    const r = secondTurn({ tool: "media_next", args: {} }, "no, go back");
    expect(r).toMatchObject({ kind: "action", tool: "media_previous" });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a bare no is still a no", () => {
    expect(secondTurn({ tool: "contacts_call", args: { query: "Ana" } }, "no")).toMatchObject({
      kind: "dialog",
    });
  });
});

describe("a thing named right after a listing", () => {
  it("a verb and a thing go to the sibling that lacks exactly that thing, the list kept", () => {
    const r = secondTurn({ tool: "lists_show", args: { list: "groceries" } }, "take off the oat milk");
    expect(r).toMatchObject({ tool: "lists_remove", args: { list: "groceries", item: "oat milk" } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("never after a call that changed something", () => {
    const r = secondTurn(
      { tool: "lists_add", args: { list: "groceries", items: ["rice"] } },
      "remove the rice",
    );
    expect(r.confidence >= 0.9 && r.tool === "lists_remove" && r.args?.item === "rice").toBe(false);
  });
});

describe("an addition said with its own verb", () => {
  const note: NluCall = { tool: "notes_add", args: { text: "ring the landlord" } };

  it("'add to it:' and 'add that' give the wording of one more", () => {
    expect(secondTurn(note, "add to it: ask about the damp wall")).toMatchObject({
      tool: "notes_add",
      args: { text: "ask about the damp wall" },
    });
    expect(secondTurn(note, "add that the rent is due on monday as well")).toMatchObject({
      tool: "notes_add",
      args: { text: "the rent is due on monday" },
    });
  });

  it("'add that to' somewhere is no wording", () => {
    const r = secondTurn(note, "add that to my calendar");
    expect(r.tool === "notes_add" && r.args?.text === "to my calendar").toBe(false);
  });
});

describe("the <label> one after a listing", () => {
  it("fills the one naming value of the reading in the listing's area", () => {
    const r = secondTurn({ tool: "timer_list", args: {} }, "stop the pasta one");
    expect(r).toMatchObject({ tool: "timer_cancel", args: { label: "pasta" } });
  });

  it("an ordinal is no label", () => {
    const r = secondTurn({ tool: "timer_list", args: {} }, "stop the second one");
    expect(r.args?.label).toBeUndefined();
  });
});

describe("a verb on the call whose missing value is being asked for", () => {
  const pending = {
    tool: "mail_draft",
    args: { to: ["bo@example.org"], subject: "Rota" },
    missing: ["body"],
  };

  it("'send it' goes to the sending sibling with what the draft had, asked", () => {
    const r = nlu.parse("ok great, send it", { ...base, pending });
    expect(r).toMatchObject({ kind: "action", tool: "mail_send", args: { to: ["bo@example.org"] } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a cancel still speaks to the question", () => {
    expect(nlu.parse("forget it", { ...base, pending })).toMatchObject({ kind: "dialog" });
  });
});

describe("a question for a wording is not answered by a pick of a listing", () => {
  it("'how big is the third one' is no search words", () => {
    const pending = { tool: "files_search", args: {}, missing: ["query"] };
    const r = nlu.parse("how big is the third one", { ...base, pending });
    expect(r.tool === "files_search" && r.confidence >= 0.9).toBe(false);
  });
});

describe("the verb before the pointer, and a thing only the sibling takes", () => {
  it("'sum up that whole thread' after a mail search is the mail's summary, asked", () => {
    const r = secondTurn({ tool: "mail_search", args: { from: "the landlord" } }, "sum up that whole thread");
    expect(r).toMatchObject({ kind: "action", tool: "mail_summarize" });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("'open the second one' after a web search still asks which page", () => {
    const r = secondTurn({ tool: "web_search", args: { query: "ferry times" } }, "open the second one");
    expect(r).toMatchObject({ kind: "action", tool: "browser_navigate", missing: ["url"] });
  });
});

describe("one more of what was just made", () => {
  it("asks for the values of a new one afresh", () => {
    const r = secondTurn({ tool: "timer_set", args: { duration_s: 240, label: "tea" } }, "and another one");
    expect(r).toMatchObject({ kind: "action", tool: "timer_set", args: {}, missing: ["duration_s"] });
  });
});

describe("another of the last call's own actions on one of what it listed", () => {
  it("the verb is one of the enum's values, the place goes to the one integer argument", () => {
    const r = secondTurn({ tool: "browser_tabs", args: { action: "list" } }, "close number 4");
    expect(r).toMatchObject({ tool: "browser_tabs", args: { action: "close", tab: 4 } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a verb that is no value of the enum is not read so", () => {
    const r = secondTurn({ tool: "browser_tabs", args: { action: "list" } }, "bookmark number 4");
    expect(r.tool === "browser_tabs" && r.args?.tab === 4).toBe(false);
  });
});
