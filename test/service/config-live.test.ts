import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { FakeOpenAIServer } from "../../src/testing/fake-openai-server.js";
import { createTempHome } from "../../src/testing/home.js";
import { eventually, type ServiceProcess, startService } from "./process.js";

/**
 * A running `jarvis start --service` follows config.yaml edited by hand (the file is written
 * here, no command tells the service): a new model answers the next request, and a setting it
 * reads only at start (its port) is said in words, with the value it still uses, by `doctor`,
 * the settings API and `config reload`, until the file says the same again.
 */
describe("a hand-edited config.yaml reaches the running service", () => {
  const temp = createTempHome("jarvis-config-live-");
  let first: FakeOpenAIServer;
  let second: FakeOpenAIServer;
  let service: ServiceProcess | undefined;
  const env: NodeJS.ProcessEnv = { ...temp.env };
  // The models come from config.yaml, not from the environment
  delete env.JARVIS_MODEL_PROVIDER;
  const jarvis = (args: string[]) => runJarvis(args, { env, timeoutMs: 90_000 });
  const config = (url: string, extra = "") =>
    `models:\n  primary:\n    provider: openai-compatible\n    base_url: ${url}\n    model: fake-1\n${extra}`;
  /** The service's answer to a request only a model can answer. */
  const answer = async () => {
    const result = await jarvis(["ask", "write two lines about autumn rain", "--no"]);
    return `${result.stdout}${result.stderr}`;
  };
  const doctorLine = async () => {
    const doctor = await jarvis(["doctor", "--json"]);
    return doctor.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { name: string; status: string; detail: string; fix?: string })
      .find((check) => check.name === "service");
  };

  beforeAll(async () => {
    first = await FakeOpenAIServer.start(() => ({ text: "Rain on the roof, from the first model." }));
    second = await FakeOpenAIServer.start(() => ({ text: "Leaves in the gutter, from the second model." }));
  });

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill("SIGKILL");
    await first?.close();
    await second?.close();
    temp.cleanup();
  });

  it("a changed model answers the next request; the port waits for a restart, said in words", async () => {
    temp.writeConfig(config(first.url));
    service = await startService(env);
    const port = new URL(service.url).port;
    expect(await answer()).toContain("from the first model");
    expect((await doctorLine())?.status).toBe("ok");

    // A hand edit: another model, and another port
    temp.writeConfig(config(second.url, "server:\n  port: 7799\n"));
    await eventually("the second model answering", async () =>
      (await answer()).includes("from the second model"),
    );
    // From then on, only the second one is asked
    const before = first.requests.length;
    expect(await answer()).toContain("from the second model");
    expect(first.requests.length).toBe(before);

    const sentence = `config.yaml sets the port Jarvis listens on to 7799, but Jarvis still uses ${port}: it applies when Jarvis restarts.`;
    expect(await doctorLine()).toMatchObject({
      status: "warn",
      detail: expect.stringContaining(sentence),
      fix: expect.stringContaining("jarvis service stop"),
    });
    expect((await jarvis(["service", "status"])).stdout).toContain(`  ${sentence}\n`);
    const settings = await service.api<{ restartPending: string[] }>("GET", "/api/settings");
    expect(settings.body.restartPending).toEqual([sentence]);
    const reload = await jarvis(["config", "reload"]);
    expect(reload.code, reload.stderr).toBe(0);
    expect(reload.stdout).toContain(`except:\n  ${sentence}`);
    // Words only: no key paths in what the person reads
    expect(`${reload.stdout}${settings.body.restartPending}`).not.toMatch(/server\.port/);

    // The file back at the start's value: nothing waits any more
    temp.writeConfig(config(second.url));
    await eventually("nothing waiting for a restart", async () => {
      const { body } = await service!.api<{ restartPending: string[] }>("GET", "/api/service");
      return body.restartPending.length === 0;
    });
    expect((await doctorLine())?.status).toBe("ok");
  }, 300_000);
});
