import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConfirmAnswer } from "../../src/core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../../src/gate/confirm.js";
import { hostileServer, type McpWorld, openMcpWorld, scopeAnswering, worldEvents } from "./harness.js";

/** Approves the call itself; answers the server's relayed question with `answer`. */
class QuestionBroker implements ConfirmationBroker {
  readonly seen: ConfirmationRequest[] = [];
  constructor(private readonly answer: ConfirmAnswer) {}
  async request(request: ConfirmationRequest): Promise<ConfirmAnswer> {
    this.seen.push(request);
    return request.preview.includes("asks, in its own words") ? this.answer : "approve";
  }
}

/**
 * A server asking the person something in the middle of a call (elicitation), against the real
 * client, gate and broker. What the server received is read from its own log.
 */
describe("a server's question during a call", () => {
  let world: McpWorld;
  let log: string;

  beforeAll(async () => {
    log = join(process.env.TMPDIR ?? "/tmp", `elicit-${process.pid}-${Date.now()}.log`);
    world = await openMcpWorld(hostileServer("hostile", { HOSTILE_LOG: log }, ["connect_timeout_s: 120"]));
  });
  afterAll(() => world?.close());

  const answered = (tool: string) =>
    worldEvents(log)
      .filter((e) => e.event === "elicited" && e.tool === tool)
      .map((e) => e.answer);

  it("a yes/no question reaches the person through the run's own confirmation, naming the server; yes is sent back", async () => {
    const broker = new QuestionBroker("approve");
    const { scope } = scopeAnswering("approve", { broker });
    const outcome = await world.runtime.gate.call({ tool: "hostile__clear_cache", args: {} }, scope);
    expect(outcome.status).toBe("ok");
    const question = broker.seen.find((r) => r.preview.includes("asks, in its own words"));
    expect(question?.preview).toContain('The MCP server "hostile" asks');
    expect(question?.preview).toContain("Clear 3 cached files now?");
    expect(answered("clear_cache")).toEqual([{ action: "accept", content: { go: true } }]);
  });

  it("no from the person is a decline to the server, and the call goes on", async () => {
    const broker = new QuestionBroker("deny");
    const { scope } = scopeAnswering("approve", { broker });
    const outcome = await world.runtime.gate.call({ tool: "hostile__clear_cache", args: {} }, scope);
    expect(outcome.status).toBe("ok");
    expect(answered("clear_cache").at(-1)).toEqual({ action: "decline" });
  });

  it("a form asking for a typed value (a password) is declined without asking the person", async () => {
    const broker = new QuestionBroker("approve");
    const { scope } = scopeAnswering("approve", { broker });
    const outcome = await world.runtime.gate.call({ tool: "hostile__sign_in", args: {} }, scope);
    expect(outcome.status).toBe("ok");
    expect(broker.seen.some((r) => r.preview.includes("password"))).toBe(false);
    expect(answered("sign_in")).toEqual([{ action: "decline" }]);
  });
});
