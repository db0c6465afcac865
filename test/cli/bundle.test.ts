import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JARVIS_BIN } from "../../src/testing/cli.js";

// A package laid out as the build leaves it, with stand-ins for the compiled and bundled CLI
// that say which one ran: what bin/jarvis.js chooses, without touching the real dist/.
const pkg = mkdtempSync(join(tmpdir(), "jarvis-bundle-"));
afterAll(() => rmSync(pkg, { recursive: true, force: true }));
mkdirSync(join(pkg, "bin"));
mkdirSync(join(pkg, "dist", "cli"), { recursive: true });
mkdirSync(join(pkg, "dist", "bundle"), { recursive: true });
copyFileSync(JARVIS_BIN, join(pkg, "bin", "jarvis.js"));
writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "jarvis", type: "module" }));
const stub = (which: string) =>
  `export async function main(argv) { process.stdout.write("${which} " + argv.join(" ")); return 0; }\n`;
const compiled = join(pkg, "dist", "cli", "main.js");
const bundle = join(pkg, "dist", "bundle", "main.js");
writeFileSync(compiled, stub("compiled"));

const jarvis = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(pkg, "bin", "jarvis.js"), ...args], {
    encoding: "utf8",
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" },
  });
  return `${run.stdout}${run.stderr}`;
};

describe("bin/jarvis.js runs the bundled CLI when it is there and fresh", () => {
  it("runs dist/bundle when it was built after the compiled tree", () => {
    writeFileSync(bundle, stub("bundle"));
    expect(jarvis("runs", "list")).toBe("bundle runs list");
  });

  it("runs the compiled tree when the bundle is older (a `tsc` without the bundle step)", () => {
    writeFileSync(bundle, stub("bundle"));
    const past = new Date(Date.now() - 60_000);
    utimesSync(bundle, past, past);
    expect(jarvis("runs", "list")).toBe("compiled runs list");
  });

  it("runs the compiled tree when there is no bundle", () => {
    rmSync(bundle, { force: true });
    expect(jarvis("doctor")).toBe("compiled doctor");
  });
});
