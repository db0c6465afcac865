import { afterAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { restrictionVerdict } from "../../src/gate/restrictions.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime } from "../../src/runtime/runtime.js";
import { createTempHome } from "../../src/testing/home.js";
import { probeTools, readProbeLog } from "../../src/testing/probe-tools.js";

const temp = createTempHome("jarvis-restrict-");
const runtime = createRuntime({ env: temp.env, tools: (deps) => probeTools(deps) });
afterAll(async () => {
  await runtime.close();
  temp.cleanup();
});

describe("run-scope restrictions in the gate", () => {
  it("matches names and group patterns; the visible plan is never restricted; deny wins over ask", () => {
    const ask = { source: "the skill a", allowed: ["files_*", "web_fetch"], outside: "ask" as const };
    const deny = { source: "the generated tool b", allowed: ["files_read"], outside: "deny" as const };
    expect(restrictionVerdict("files_write", [ask])).toBeUndefined();
    expect(restrictionVerdict("plan_update", [deny])).toBeUndefined();
    expect(restrictionVerdict("mail_send", [ask])?.outside).toBe("ask");
    expect(restrictionVerdict("mail_send", [ask, deny])).toMatchObject({
      outside: "deny",
      reason: "the generated tool b does not allow mail_send",
    });
    expect(restrictionVerdict("mail_send", [])).toBeUndefined();
  });

  it("outside a deny restriction: refused before anything runs, said without the tool's name, audited with it", async () => {
    const scope = createRunScope({
      runId: "run_deny",
      broker: new FixedConfirmationBroker("approve"),
      restrictions: [{ source: "the skill tidy", allowed: ["files_read"], outside: "deny" }],
    });
    const outcome = await runtime.gate.call({ tool: "probe_write", args: { key: "x" } }, scope);
    expect(outcome.status).toBe("denied");
    expect(outcome.code).toBe("POLICY_DENIED");
    expect(outcome.message).toBe("the skill tidy does not allow this");
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
    expect(runtime.audit.list({ runId: "run_deny" }).at(-1)?.reason).toMatch(
      /the skill tidy does not allow probe_write/,
    );
  });

  it("outside an ask restriction: asked even with a session grant (never silently allowed)", async () => {
    const deny = new FixedConfirmationBroker("deny");
    const scope = createRunScope({
      runId: "run_ask",
      broker: deny,
      grants: new Set(["probe_write"]),
      restrictions: [{ source: "the skill tidy", allowed: ["files_read"], outside: "ask" }],
    });
    const outcome = await runtime.gate.call({ tool: "probe_write", args: { key: "x" } }, scope);
    expect(outcome.decision).toBe("confirm");
    expect(deny.seen.map((request) => request.tool)).toEqual(["probe_write"]);
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
  });
});
