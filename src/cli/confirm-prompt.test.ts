import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { ConfirmationRequest } from "../gate/confirm.js";
import {
  formatQuestion,
  NoTerminalConfirmationBroker,
  readAnswer,
  TerminalConfirmationBroker,
} from "./confirm-prompt.js";
import { styleFor } from "./style.js";

const request: ConfirmationRequest = {
  confirmationId: "confirm_1",
  runId: "run_1",
  callId: "call_1",
  tool: "files_write",
  args: { path: "~/a.txt" },
  tier: "dangerous",
  reason: "files_write is dangerous; dangerous under smart → confirm",
  ask: "Write ~/a.txt?",
  why: "It changes your files or settings, so I check with you first.",
  preview: "CREATE ~/a.txt (2 B)\n+hi",
  expiresAt: 120_000,
};
const plain = styleFor({ isTTY: false }, {});

function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const broker = new TerminalConfirmationBroker(input, output, plain, () => 0);
  return { input, broker, shown: () => shown };
}

describe("the question", () => {
  it("says the call in words, exactly what will happen, and why it asks; no tool, tier or gate reason", () => {
    const shown = formatQuestion(request, plain);
    expect(shown).toBe(
      "\n-- Write ~/a.txt? --\nCREATE ~/a.txt (2 B)\n+hi\nWhy: It changes your files or settings, so I check with you first.\n",
    );
    expect(shown).not.toMatch(/files_write|dangerous|smart|→/);
  });

  it("names the tool, its tier and the gate's reason only when verbose", () => {
    expect(formatQuestion(request, plain, true)).toContain(
      "(files_write, dangerous: files_write is dangerous; dangerous under smart → confirm)",
    );
  });

  it("shows a question that is all there is once (the middle band's)", () => {
    const shown = formatQuestion({ ...request, preview: "" }, plain);
    expect(shown).toBe(
      "\n-- Write ~/a.txt? --\nWhy: It changes your files or settings, so I check with you first.\n",
    );
  });
});

describe("the terminal prompt", () => {
  it.each([
    ["y\n", "approve"],
    ["yes\n", "approve"],
    ["  YES \r\n", "approve"],
    ["a\n", "approve_session"],
    ["n\n", "deny"],
    ["whatever\n", "deny"],
  ])("reads %j as %s", async (typed, expected) => {
    const { input, broker, shown } = terminal();
    const answer = broker.request(request, new AbortController().signal);
    input.write(typed);
    await expect(answer).resolves.toBe(expected);
    expect(shown()).toContain("CREATE ~/a.txt (2 B)\n+hi\n");
    expect(shown()).toContain("Allow? [y]es / [n]o / [a]lways this session (120s)");
  });

  it("denies when the input ends, and counts an abort as no answer", async () => {
    const ended = terminal();
    const answer = ended.broker.request(request, new AbortController().signal);
    ended.input.end();
    await expect(answer).resolves.toBe("deny");
    const waiting = terminal();
    const controller = new AbortController();
    const timedOut = waiting.broker.request(request, controller.signal);
    controller.abort();
    await expect(timedOut).resolves.toBe("timeout");
    expect(waiting.shown()).toContain("(no answer: denied)");
  });

  it("without a terminal shows the preview and how to approve, then denies", async () => {
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk: Buffer) => {
      shown += chunk.toString();
    });
    await expect(new NoTerminalConfirmationBroker(output, plain).request(request)).resolves.toBe("deny");
    expect(shown).toContain("CREATE ~/a.txt (2 B)\n+hi\n");
    expect(shown).toMatch(/Run it again with --yes to approve it/);
  });
});

describe("typed answers", () => {
  it("knows the short words, and asks the NLU about the rest", () => {
    expect(readAnswer("ok")).toBe("approve");
    expect(readAnswer("No")).toBe("deny");
    expect(readAnswer("always")).toBe("approve_session");
    expect(readAnswer("sure, go ahead")).toBeUndefined();
    const nlu = {
      parse: (text: string) => ({ text, kind: "dialog" as const, dialog: "yes" as const, confidence: 1 }),
    };
    expect(readAnswer("sure, go ahead", nlu)).toBe("approve");
  });
});
