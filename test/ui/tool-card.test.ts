import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { JarvisEvent } from "../../src/core/events.js";
import { callWords, sentence } from "../../ui/src/call-words.js";
import { ToolCard } from "../../ui/src/components/ToolCard.js";
import { foldTurn, type ToolCallView } from "../../ui/src/turn.js";

/**
 * The chat's call card, rendered from the run's events as the page folds them: what a person
 * reads (everything outside "details") says the call in words and a failure as one sentence
 * with its fix; the tool's name, tier, decision and error code are only behind "details".
 */
let seq = 0;
const event = (type: JarvisEvent["type"], data: Record<string, unknown>) =>
  ({ type, runId: "run_1", seq: ++seq, ts: 1_000 + seq, data }) as unknown as JarvisEvent;

function card(events: JarvisEvent[]): { call: ToolCallView; html: string; read: string } {
  const view = foldTurn("run_1", [
    event("run_started", { input: "x", sessionId: "s", source: "web" }),
    ...events,
  ]);
  const item = view.items.find((entry) => entry.kind === "tool");
  if (item?.kind !== "tool") throw new Error("no card");
  const html = renderToStaticMarkup(createElement(ToolCard, { call: item.call }));
  // What shows without opening "details": the markup with the disclosure's content removed
  const read = html.replace(/<details[\s\S]*?<\/details>/g, "").replace(/<[^>]+>/g, " ");
  return { call: item.call, html, read };
}

const decided = (tool: string, extra: Record<string, unknown> = {}) =>
  event("tool_decided", {
    callId: "c1",
    tool,
    tier: "caution",
    decision: "allow",
    reason: `${tool}: caution under smart → allow`,
    ...extra,
  });

describe("the call card speaks to the person", () => {
  it("says a finished call in the tool's words; name, tier and decision only under details", () => {
    const { read, html } = card([
      event("tool_proposed", { callId: "c1", tool: "timer_set", args: { duration_s: 2 } }),
      decided("timer_set", { says: "Set a timer for 2 seconds" }),
      event("tool_started", { callId: "c1", tool: "timer_set", doing: "Setting a timer for 2 seconds" }),
      event("tool_finished", {
        callId: "c1",
        tool: "timer_set",
        ok: true,
        output: "Timer set.",
        durationMs: 3,
      }),
    ]);
    expect(read).toContain("Set a timer for 2 seconds");
    expect(read).not.toMatch(/timer_set|caution|duration_s|allowed/);
    expect(html).toMatch(
      /<details class="tool-details"><summary>details<\/summary>[\s\S]*timer_set[\s\S]*caution/,
    );
    expect(html).toContain('aria-label="Set a timer for 2 seconds: done"');
  });

  it("says a failure as one sentence with its fix; the error code only under details", () => {
    const { read, html } = card([
      decided("probe_slow", { says: "Back up the photos" }),
      event("tool_started", { callId: "c1", tool: "probe_slow" }),
      event("tool_finished", {
        callId: "c1",
        tool: "probe_slow",
        ok: false,
        error: {
          code: "TIMEOUT",
          message: "it took too long and was stopped",
          fix: "try again; a slow step can be given longer with policy.tool_timeout_s in config.yaml",
        },
        durationMs: 30_000,
      }),
    ]);
    expect(read).toContain(
      "It took too long and was stopped. Try again; a slow step can be given longer with policy.tool_timeout_s in config.yaml.",
    );
    expect(read).not.toMatch(/TIMEOUT|probe_slow/);
    expect(html).toMatch(/<details[\s\S]*TIMEOUT[\s\S]*<\/details>/);
  });

  it("says why a call did not run: a policy denial in words, a refusal with its fix, the person's own no", () => {
    const denied = card([
      decided("files_delete", {
        decision: "deny",
        reason: "files_delete: destructive under smart → deny",
        code: "POLICY_DENIED",
        says: "Delete ~/old.txt",
        message: "your settings do not allow it",
        fix: "change the policy in Settings or config.yaml",
      }),
    ]);
    expect(denied.read).toContain("Delete ~/old.txt");
    expect(denied.read).toContain(
      "Your settings do not allow it. Change the policy in Settings or config.yaml.",
    );
    expect(denied.read).not.toMatch(/files_delete|POLICY_DENIED|destructive|→/);

    const answered = card([
      decided("probe_danger", { decision: "confirm", says: "Delete the test record one" }),
      event("confirm_requested", {
        confirmationId: "k1",
        callId: "c1",
        tool: "probe_danger",
        tier: "dangerous",
        reason: "probe_danger: dangerous under smart → confirm",
        ask: "Delete the test record one?",
        why: "It deletes something, so I check with you first.",
        preview: "  Key: one",
        expiresAt: 9_999,
      }),
      event("confirm_resolved", { confirmationId: "k1", callId: "c1", answer: "deny" }),
    ]);
    expect(answered.read).toContain("Delete the test record one");
    expect(answered.read).toContain("you denied it.");
    expect(answered.read).not.toMatch(/probe_danger|dangerous|→/);
  });

  it("while a question waits, shows the question's words and why it asks", () => {
    const { read } = card([
      event("confirm_requested", {
        confirmationId: "k1",
        callId: "c1",
        tool: "probe_danger",
        tier: "dangerous",
        reason: "probe_danger: dangerous under smart → confirm",
        ask: "Delete the test record two?",
        why: "It deletes something, so I check with you first.",
        preview: "  Key: two",
        expiresAt: 9_999,
      }),
    ]);
    expect(read).toContain("Delete the test record two");
    expect(read).toContain("It deletes something, so I check with you first.");
    expect(read).not.toMatch(/probe_danger|dangerous/);
  });

  it("never falls back to the tool's name: a call with no words is a step of the request", () => {
    const call: ToolCallView = { callId: "c1", tool: "mcp_weird_thing", args: {}, stage: "running" };
    expect(callWords(call).title).toBe("A step of this request");
    expect(callWords({ ...call, doing: "Working on it" }).title).toBe("A step of this request");
    expect(sentence("no such file ~/a.txt", "check the path")).toBe("No such file ~/a.txt. Check the path.");
  });
});
