import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { type ServiceProcess, startService } from "./process.js";

/**
 * `jarvis memory …` and `jarvis docs …` attach to a real `jarvis start --service`: what they
 * change is what the service answers with at once (its `ask`, its own search tool), and the same
 * commands work in this process when no service runs. Memory and the document index keep nothing
 * cached in the service (every read is SQLite), so "at once" holds without a reload.
 */
describe("memory and docs commands attach to the service", () => {
  const temp = createTempHome("jarvis-library-attach-");
  const env: NodeJS.ProcessEnv = { ...temp.env };
  let service: ServiceProcess | undefined;
  const jarvis = (args: string[]) => runJarvis(args, { env, timeoutMs: 90_000 });
  const docs = join(temp.home, "Documents");
  /** This home with a wrong passphrase: only a command that attaches can read the store. */
  const locked = { ...env, JARVIS_PASSPHRASE: "not the passphrase" };

  beforeAll(() => {
    mkdirSync(docs, { recursive: true });
    writeFileSync(
      join(docs, "boat.md"),
      "# Boat\nThe sailboat mooring fee is paid every April at the harbour office.",
    );
  });

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill("SIGKILL");
    temp.cleanup();
  });

  /** The service's own answer, as a turn in the service (`POST /api/turns`) followed to its end. */
  const ask = async (text: string) => {
    const result = await jarvis(["ask", text, "--no"]);
    return `${result.stdout}\n${result.stderr}`;
  };

  it("in this process with no service: add, list, search and forget", async () => {
    const added = await jarvis(["memory", "add", "my dentist is Dr Alvarez"]);
    expect(added.code, added.stderr).toBe(0);
    const id = /remembered (f\d+):/.exec(added.stdout)?.[1];
    expect(id).toBeDefined();
    expect((await jarvis(["memory", "list"])).stdout).toContain("Dr Alvarez");
    expect((await jarvis(["memory", "forget", id!])).stdout).toContain(`forgot ${id}`);
    expect((await jarvis(["memory", "list"])).stdout).not.toContain("Dr Alvarez");
  }, 180_000);

  it("attached: a fact added is recalled by the service's ask at once; forgetting removes it from its answers", async () => {
    service = await startService(env);
    const added = await jarvis(["memory", "add", "my boss is Sarah Chen"]);
    expect(added.code, added.stderr).toBe(0);
    const id = /remembered (f\d+):/.exec(added.stdout)?.[1] ?? "f?";
    // The service answers from it without a restart.
    expect(await ask("what do you remember about my boss?")).toMatch(/Sarah Chen/);
    // Read back attached and with --local: the same store, the same lines.
    const [listed, local] = [await jarvis(["memory", "list"]), await jarvis(["memory", "list", "--local"])];
    expect(listed.stdout).toContain(`${id}`);
    expect(listed.stdout).toBe(local.stdout);
    // Attached, the service's store answers: this process cannot open it (a wrong passphrase).
    expect((await runJarvis(["memory", "list"], { env: locked, timeoutMs: 60_000 })).stdout).toContain(
      "Sarah Chen",
    );
    const refused = await runJarvis(["memory", "list", "--local"], { env: locked, timeoutMs: 60_000 });
    expect(refused.code).not.toBe(0);
    const search = await jarvis(["memory", "search", "who is my boss?"]);
    expect(search.stdout).toMatch(/Sarah Chen/);
    // A malformed id and an unknown id: one line each with the fix, nothing forgotten.
    const malformed = await jarvis(["memory", "forget", "boss"]);
    expect([malformed.code, malformed.stderr.trim().split("\n").length]).toEqual([2, 1]);
    const unknown = await jarvis(["memory", "forget", id, "f999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      "NOT_FOUND: no memory f999 (see `jarvis memory list` for ids; nothing was forgotten)",
    );
    expect((await jarvis(["memory", "list"])).stdout).toContain("Sarah Chen");

    // Progress lines from the service say what is done in words; the tool's name only with --verbose.
    const time = await jarvis(["ask", "what time is it"]);
    expect(time.stderr).toMatch(/^ {2}-> Telling you the time$/m);
    expect(time.stderr).not.toContain("time_now");
    expect((await jarvis(["ask", "what time is it", "--verbose"])).stderr).toMatch(
      /^ {2}ok time_now \(\d+ ms\)$/m,
    );

    const forgot = await jarvis(["memory", "forget", id]);
    expect(forgot.stdout).toContain(`forgot ${id}`);
    expect(await ask("what do you remember about my boss?")).not.toMatch(/Sarah Chen/);
    const exported = await jarvis(["memory", "export"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain("Sarah Chen");
  }, 240_000);

  it("attached: a document added is found by the service's search tool at once; removing it removes it", async () => {
    service ??= await startService(env);
    const search = async () => {
      const called = await jarvis([
        "tools",
        "call",
        "knowledge_search",
        "--args",
        JSON.stringify({ query: "when is the mooring fee paid" }),
        "--yes",
      ]);
      expect(called.code, called.stderr).toBe(0);
      return called.stdout;
    };
    const added = await jarvis(["docs", "add", docs]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`added     ${join(docs, "boat.md")}`);
    expect(added.stdout.trim().split("\n").at(-1)).toBe("1 added, 0 updated, 0 unchanged, 0 failed");
    expect(await search()).toMatch(/every April at the harbour office/);
    const [listed, local] = [await jarvis(["docs", "list"]), await jarvis(["docs", "list", "--local"])];
    expect(listed.stdout).toContain("boat.md");
    expect(listed.stdout).toBe(local.stdout);
    expect((await runJarvis(["docs", "list"], { env: locked, timeoutMs: 60_000 })).stdout).toContain(
      "boat.md",
    );
    const found = await jarvis(["docs", "search", "mooring fee"]);
    expect(found.stdout).toMatch(/^1\. .*boat\.md/m);

    const missing = await jarvis(["docs", "remove", join(docs, "boat.md"), join(docs, "none.md")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toMatch(/not in the knowledge base: .*none\.md .*nothing was removed/);
    expect((await jarvis(["docs", "list"])).stdout).toContain("boat.md");

    const removed = await jarvis(["docs", "remove", join(docs, "boat.md")]);
    expect(removed.stdout).toContain("1 document removed");
    expect(await search()).not.toMatch(/harbour office/);
  }, 240_000);
});
