import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { type ServiceProcess, startService } from "./process.js";

/**
 * The everyday read and write commands, with a service running, talk to it and never load the
 * runtime (the tool catalog, the store, the NLU) in their own process: what the process resolved
 * is recorded by a module hook (`record-loads.mjs`), and the runtime's module is not in it. The
 * same command with `--local` does load it (so the hook sees it when it is there), and prints
 * the same lines.
 */
describe("commands attached to the service load no runtime", () => {
  const temp = createTempHome("jarvis-attach-loads-");
  const loads = join(temp.dir, "loads.txt");
  const env: NodeJS.ProcessEnv = {
    ...temp.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${join(REPO_ROOT, "test", "service", "record-loads.mjs")}`,
  };
  let service: ServiceProcess | undefined;

  afterAll(() => {
    if (service?.child.exitCode === null) service.child.kill("SIGKILL");
    temp.cleanup();
  });

  /** Runs one command line; what it printed and whether it loaded the runtime's module. */
  const run = async (args: string[]) => {
    rmSync(loads, { force: true });
    const result = await runJarvis(args, { env: { ...env, JARVIS_TEST_LOADS: loads }, timeoutMs: 90_000 });
    const urls = existsSync(loads) ? readFileSync(loads, "utf8").split("\n") : [];
    // The bundle's chunk (runtime-XXXXXXXX.js) or the compiled module (dist/runtime/runtime.js)
    const runtime = urls.some((url) => /\/runtime(?:-[A-Z0-9]+)?\.js$/.test(url));
    return { ...result, runtime, recorded: urls.length > 1 };
  };

  it("config, accounts and service status never load the runtime", async () => {
    for (const command of [
      ["config", "show"],
      ["accounts", "list"],
      ["service", "status"],
    ]) {
      const result = await run(command);
      expect([command, result.recorded, result.runtime]).toEqual([command, true, false]);
    }
  }, 120_000);

  it("memory, docs, audit and routines: attached without the runtime, --local with it, same lines", async () => {
    // The service's own start (`start` with the probe tools) is not recorded: only the commands
    service = await startService({ ...temp.env });
    const added = await run(["memory", "add", "my sister lives in Porto"]);
    expect(added.code, added.stderr).toBe(0);
    expect([added.recorded, added.runtime]).toEqual([true, false]);

    for (const command of [
      ["memory", "list"],
      ["memory", "list", "--json"],
      ["memory", "search", "where does my sister live"],
      ["memory", "search", "where does my sister live", "--json"],
      ["memory", "export"],
      ["docs", "list"],
      ["audit", "list", "--limit", "5"],
      ["audit", "list", "--limit", "5", "--json"],
    ]) {
      const attached = await run(command);
      const local = await run([...command, "--local"]);
      expect(attached.code, `${command.join(" ")}: ${attached.stderr}`).toBe(0);
      expect([command, attached.runtime, local.runtime]).toEqual([command, false, true]);
      // (the export's first lines say when it was made)
      const same = (text: string) => text.replace(/^Exported \S+$/m, "Exported (time)");
      expect(same(attached.stdout), command.join(" ")).toBe(same(local.stdout));
    }
    expect((await run(["memory", "list"])).stdout).toContain("Porto");

    // Routines have no --local: with a service they are the service's
    const routine = await run(["routines", "add", "--every", "1h", "--say", "stretch", "--json"]);
    expect(routine.code, routine.stderr).toBe(0);
    const id = (JSON.parse(routine.stdout) as { routine: { id: string } }).routine.id;
    for (const command of [
      ["routines", "list"],
      ["routines", "show", id],
      ["routines", "pause", id],
      ["routines", "grants", id],
    ]) {
      const attached = await run(command);
      expect(attached.code, `${command.join(" ")}: ${attached.stderr}`).toBe(0);
      expect([command, attached.runtime]).toEqual([command, false]);
    }
    const listed = await service.api<{ routines: Array<{ id: string; status: string }> }>(
      "GET",
      "/api/routines",
    );
    expect(listed.body.routines.find((r) => r.id === id)?.status).toBe("paused");
    expect((await run(["routines", "remove", id])).runtime).toBe(false);
  }, 300_000);
});
