import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { plainAsk } from "../../src/cli/commands/index.js";
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

// `jarvis ask` and words only runs without commander (cli/main.ts); anything else goes through
// it. `--` makes commander take the same words: both must answer alike.
describe("a plain ask, with or without commander", () => {
  const home = createTempHome("jarvis-plain-ask-");
  afterAll(() => home.cleanup());
  const run = (args: string[]) => runJarvis(args, { env: home.env });

  it("only `ask` and words is plain", () => {
    expect(plainAsk(["ask", "what", "is 2 plus 3"])).toEqual(["what", "is 2 plus 3"]);
    expect(plainAsk(["ask", ""])).toEqual([""]);
    for (const argv of [
      ["ask"],
      ["ask", "--json", "hi"],
      ["ask", "hi", "-c"],
      ["ask", "--", "hi"],
      ["tools", "list"],
      ["--debug", "ask", "hi"],
    ])
      expect(plainAsk(argv)).toBeUndefined();
  });

  it.each([[["", " "]], [["what is 2 plus 3"]]])(
    "jarvis ask %j answers as it does with `--` before the words",
    async (words) => {
      const plain = await run(["ask", ...words]);
      const parsed = await run(["ask", "--", ...words]);
      // The same words, the same answer and exit code; only a tool's duration may differ
      const seen = (result: typeof plain) => ({
        code: result.code,
        stdout: result.stdout,
        stderr: result.stderr.replace(/\(\d+ ms\)/g, "(… ms)"),
      });
      expect(seen(plain)).toEqual(seen(parsed));
      expect(plain.code).toBe(words[0] === "" ? 2 : 0);
    },
  );
});
