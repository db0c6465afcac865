import { describe, expect, it } from "vitest";
import type { ConfirmationRequest } from "./confirm.js";
import { ConfirmationInbox, isUserAnswer } from "./inbox.js";

function request(id: string): ConfirmationRequest {
  return {
    confirmationId: id,
    runId: "run_1",
    callId: `call_${id}`,
    tool: "t",
    args: {},
    tier: "dangerous",
    reason: "r",
    ask: "Do it?",
    why: "Because.",
    preview: "p",
    expiresAt: 1,
  };
}

describe("ConfirmationInbox", () => {
  it("lists pending requests for every client; the first answer wins", async () => {
    const broker = new ConfirmationInbox();
    const answer = broker.request(request("a"), new AbortController().signal);
    expect(broker.list()).toEqual([
      expect.objectContaining({ confirmationId: "a", runId: "run_1", preview: "p" }),
    ]);
    expect(broker.answer("a", "approve_session")).toBe(true);
    expect(broker.answer("a", "deny")).toBe(false);
    await expect(answer).resolves.toBe("approve_session");
    expect(broker.size).toBe(0);
  });

  it("resolves as a timeout when the gate aborts (timeout or kill)", async () => {
    const broker = new ConfirmationInbox();
    const controller = new AbortController();
    const answer = broker.request(request("b"), controller.signal);
    controller.abort();
    await expect(answer).resolves.toBe("timeout");
    expect(broker.list()).toEqual([]);
    expect(broker.answer("b", "approve")).toBe(false);
    const aborted = new AbortController();
    aborted.abort();
    await expect(broker.request(request("c"), aborted.signal)).resolves.toBe("timeout");
  });

  it("tells its listeners of each request, answers the oldest, and denies all on close", async () => {
    const inbox = new ConfirmationInbox();
    const seen: string[] = [];
    const stop = inbox.onRequest((r) => seen.push(r.confirmationId));
    const first = inbox.request(request("d"), new AbortController().signal);
    const second = inbox.request(request("e"), new AbortController().signal);
    expect(seen).toEqual(["d", "e"]);
    expect(inbox.answerOldest("approve")).toBe(true);
    await expect(first).resolves.toBe("approve");
    inbox.denyAll();
    await expect(second).resolves.toBe("deny");
    expect(inbox.answerOldest("approve")).toBe(false);
    stop();
    void inbox.request(request("f"), AbortSignal.timeout(10));
    expect(seen).toEqual(["d", "e"]);
  });

  it("accepts only what a person may answer", () => {
    expect(["approve", "deny", "approve_session"].every(isUserAnswer)).toBe(true);
    expect([undefined, "timeout", "yes", 1].some(isUserAnswer)).toBe(false);
  });
});
