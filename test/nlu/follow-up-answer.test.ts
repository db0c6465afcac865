import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Verbs on what was just given or made (issue 16, follow-ups): "copy that" after a sum asks the
 * copy for its text (the answer is known only when the sum runs), "open it" after a skill was
 * installed is the sibling that needs the thing alone, and approving a drafted tool asks which
 * draft. Each is asked, never acted on.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });

describe("a verb on the answer just given", () => {
  const sum: NluCall = { tool: "calc_evaluate", args: { expression: "7 * 19" } };
  it("copying the answer asks the copy for its text", () => {
    for (const then of ["copy that", "copy the result", "ok copy that answer"]) {
      const r = secondTurn(sum, then);
      expect(r.tool, then).toBe("clipboard_write");
      expect(r.missing, then).toEqual(["text"]);
    }
  });

  it("nothing of another area after a call that changed something", () => {
    const added: NluCall = { tool: "lists_add", args: { list: "shopping", items: ["eggs"] } };
    expect(secondTurn(added, "copy that").tool).not.toBe("clipboard_write");
  });
});

describe("a verb on the thing just made", () => {
  it("opening a skill just installed asks or opens that skill, never one of its files", () => {
    const installed: NluCall = { tool: "skills_install", args: { source: "~/skills/receipts" } };
    expect(secondTurn(installed, "now open it").tool).toBe("skills_open");
  });

  it("approving a drafted tool asks which draft", () => {
    for (const text of ["looks good, register it", "tests passed? register it then", "approve that tool"]) {
      const r = nlu.parse(text, base);
      expect(r.tool, text).toBe("tools_register");
      expect(r.missing, text).toEqual(["draft"]);
    }
  });
});

describe("a result pointed at with how it is to be done", () => {
  const searched: NluCall = { tool: "web_search", args: { query: "bus times to leeds" } };
  const handles = [1, 2, 3].map((n) => ({ handle: `#u${n}`, kind: "u", turn: 1 }));
  it("reads the result when its words are asked for, opens it when the browser is named", () => {
    const read = nlu.parse("open the first result and read it out to me", {
      ...base,
      lastCall: searched,
      handles,
    });
    expect(read).toMatchObject({ tool: "web_fetch", args: { url: "#u1" } });
    const text = nlu.parse("grab the text off the third result, no need to open it", {
      ...base,
      lastCall: searched,
      handles,
    });
    expect(text).toMatchObject({ tool: "web_fetch", args: { url: "#u3" } });
    const shown = nlu.parse("open the second one in the browser", { ...base, lastCall: searched, handles });
    expect(shown).toMatchObject({ tool: "browser_navigate", args: { url: "#u2" } });
  });

  it("asks which one when the listing left nothing to point at", () => {
    const r = secondTurn(searched, "open the first result and read it to me");
    expect(r.tool).toBe("web_fetch");
    expect(r.missing).toEqual(["url"]);
  });
});

describe("what a thing just made is searched for", () => {
  it("is the words after the pointer, not the last call's wording", () => {
    const added: NluCall = { tool: "knowledge_add", args: { path: "~/papers/river" } };
    expect(secondTurn(added, "now search it for flood records")).toMatchObject({
      tool: "knowledge_search",
      args: { query: "flood records" },
    });
  });
});
