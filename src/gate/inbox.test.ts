import { describe, expect, it } from "vitest";
import type { ConfirmationRequest } from "../gate/confirm.js";
import { isUserAnswer, WebConfirmationBroker } from "./broker.js";

function request(id: string): ConfirmationRequest {
  return {
    confirmationId: id,
    runId: "run_1",
    callId: `call_${id}`,
    tool: "t",
    args: {},
    tier: "dangerous",
    reason: "r",
    preview: "p",
    expiresAt: 1,
  };
}

describe("WebConfirmationBroker", () => {
  it("lists pending requests for every client; the first answer wins", async () => {
    const broker = new WebConfirmationBroker();
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
    const broker = new WebConfirmationBroker();
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

  it("accepts only what a person may answer", () => {
    expect(["approve", "deny", "approve_session"].every(isUserAnswer)).toBe(true);
    expect([undefined, "timeout", "yes", 1].some(isUserAnswer)).toBe(false);
  });
});
