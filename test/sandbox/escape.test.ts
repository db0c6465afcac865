import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import {
  type AttemptResult,
  CANARY_ENV,
  createEscapeWorld,
  ESCAPE_ATTEMPTS,
  type EscapeWorld,
} from "../../src/testing/sandbox-escapes.js";

/**
 * The escape suite, through the gate as a user or model would call it: every attempt is
 * checked in the world (the secret's bytes never come back, no file appears outside the grant,
 * the forbidden listener records nothing) and in the audit (the entry names what contained it).
 */
const ready =
  process.platform === "linux" &&
  hasPrograms(["bwrap", "prlimit", "curl", "python3"], "bubblewrap util-linux curl python3");

describe.runIf(ready)("sandbox escape suite", () => {
  let temp: TempHome;
  let runtime: Runtime;
  let world: EscapeWorld;

  beforeAll(async () => {
    temp = createTempHome("jarvis-escape-");
    runtime = createRuntime({ env: temp.env });
    world = await createEscapeWorld(temp.home, temp.jarvisHome);
    process.env[CANARY_ENV] = world.secret;
  });

  afterAll(async () => {
    delete process.env[CANARY_ENV];
    await world?.close();
    await runtime?.close();
    temp?.cleanup();
  });

  it("has a sandbox here (CI installs bubblewrap; nothing untrusted runs without one)", () => {
    expect(runtime.extensions?.sandbox.support.unavailable).toBeUndefined();
  });

  for (const attempt of ESCAPE_ATTEMPTS) {
    it(`contains: ${attempt.name}`, async () => {
      const runId = runtime.ids.next("run");
      const args = attempt.args(world);
      const outcome = await runtime.gate.call(
        { tool: "sandbox_run", args },
        createRunScope({
          runId,
          userText: [JSON.stringify(args)],
          broker: new FixedConfirmationBroker("approve"),
        }),
      );
      const data = outcome.data as
        | { stdout?: string; stderr?: string; stopped?: { message: string } }
        | undefined;
      const result: AttemptResult = {
        stdout: data?.stdout ?? "",
        stderr: data?.stderr ?? "",
        ...(data?.stopped ? { stopped: data.stopped.message } : {}),
      };
      expect(outcome.status, outcome.message).not.toBe("refused");
      expect(attempt.escaped(world, result)).toBeUndefined();
      const recorded = runtime.audit.list({ runId }).find((entry) => entry.stage === "result");
      expect(recorded?.reason).toMatch(attempt.audit);
    });
  }

  it("the allowed listener was reachable while the forbidden one was not", () => {
    expect(world.allowed.hits).toContain("GET /allowed");
    expect(world.forbidden.hits).toEqual([]);
  });
});
