import { describe, expect, it } from "vitest";
import { createNlu, type NluContext } from "../../src/brain/nlu/index.js";
import { isVague } from "../../src/brain/nlu/slots/vague.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * When the tool is clear but a required value is only a placeholder ("someone", "the file",
 * "it"), Jarvis asks for that value instead of acting on a guess.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const NOW = new Date("2025-06-11T10:00:00Z");
const parse = (text: string, context: NluContext = {}) =>
  nlu.parse(text, { now: NOW, timezone: "UTC", ...context });

describe("a placeholder is no value", () => {
  it("tells placeholders from names", () => {
    for (const [arg, value] of [
      ["to", ["someone"]],
      ["path", "the file"],
      ["query", "that document"],
      ["id", "it"],
      ["app", "the app"],
      ["title", "something"],
    ] as const)
      expect(isVague(arg, value), `${arg}=${JSON.stringify(value)}`).toBe(true);
    for (const [arg, value] of [
      ["to", ["priya"]],
      ["path", "budget.xlsx"],
      ["path", "#f3"],
      ["query", "tax return"],
      ["title", "a meeting"],
      ["title", "team lunch"],
    ] as const)
      expect(isVague(arg, value), `${arg}=${JSON.stringify(value)}`).toBe(false);
  });

  it("asks who to write to, or whom to call, instead of acting on 'someone'", () => {
    const mail = parse("email someone");
    expect(mail.kind).toBe("action");
    expect(mail.missing).toContain("to");
    expect(mail.reply).toMatch(/\?$/);
    expect(mail.confidence).toBeLessThan(0.9);
    const call = parse("ring somebody for me");
    expect(call.missing ?? []).not.toHaveLength(0);
  });

  it("never takes a value from the schema's own set for a placeholder", () => {
    expect(parse("loop this track")).toMatchObject({ tool: "media_repeat", args: { mode: "track" } });
    expect(parse("loop this track").missing).toBeUndefined();
  });

  it("keeps acting when the value names something", () => {
    const mail = parse("email priya saying the keys are under the mat");
    expect(mail.missing).toBeUndefined();
    expect(mail.args).toMatchObject({ to: ["priya"] });
  });

  it("fills the asked value from the next answer", () => {
    const asked = parse("email someone");
    const answer = parse("to priya", {
      pending: { tool: asked.tool!, args: asked.args ?? {}, missing: asked.missing ?? [] },
    });
    expect(answer.args).toMatchObject({ to: ["priya"] });
  });

  it("asks for what a request leaves out when it names the tool (an asking template)", () => {
    const mail = parse("email Jonas");
    expect(mail).toMatchObject({ kind: "action", tool: "mail_send", args: { to: ["Jonas"] } });
    expect(mail.missing).toEqual(["subject", "body"]);
    expect(mail.reply).toBe("What's the subject?");
    // A complete request is no question
    expect(parse("email jonas about the rota saying swap with me on friday").missing).toBeUndefined();
  });
});
