import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";

// Bad usage is answered from the command line alone: nothing of the runtime (config, store,
// catalog, NLU) is loaded or opened first, so the answer comes at once.
describe("bad usage", () => {
  const home = createTempHome("jarvis-usage-");
  afterAll(() => home.cleanup());
  const run = (args: string[]) => runJarvis(args, { env: home.env });

  it.each([
    [["ask"], /^USAGE: missing required argument 'text' \(see `jarvis --help`\)\n$/],
    [["ask", "--bogus", "hi"], /^USAGE: unknown option '--bogus' \(see `jarvis --help`\)\n$/],
    [["frobnicate"], /^USAGE: unknown command 'frobnicate' \(see `jarvis --help`\)\n$/],
    [["aks", "what time is it"], /^USAGE: unknown command 'aks' \(did you mean `jarvis ask`\?\)\n$/],
  ])("jarvis %j says so in one line and exits 2, before opening anything", async (args, line) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(line);
    expect(result.stdout).toBe("");
    expect(existsSync(join(home.jarvisHome, "jarvis.db"))).toBe(false);
  });

  it("a good command line still opens the runtime", async () => {
    const result = await run(["ask", "what is 2 plus 3"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("5");
    expect(existsSync(join(home.jarvisHome, "jarvis.db"))).toBe(true);
  });
});
