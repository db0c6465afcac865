import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
const src = readFileSync("/work/wt/snap/scripts/bundle-snapshot.mjs", "utf8");
const entries = process.argv.slice(2);
for (const e of entries) {
  const text = src.replace(/entryPoints: \[[^\]]*\]/, `entryPoints: ["/work/wt/snap/dist/${e}"]`).replace(/outfile: .*,\n/, `outfile: "/work/wt/snap/dist/snapshot/bis.cjs",\n`).replace("rmSync(outdir, { recursive: true, force: true });", "");
  const file = "/work/wt/snap/scripts/bis-tmp.mjs";
  (await import("node:fs")).writeFileSync(file, text);
  execFileSync("node", [file]);
  try {
    execFileSync("/work/wt/snap/node_modules/.bin/node", ["--snapshot-blob", "/tmp/snp/bis.blob", "--build-snapshot", "/work/wt/snap/dist/snapshot/bis.cjs"], { stdio: "pipe" });
    console.log("ok  ", e);
  } catch (err) { console.log("FAIL", e, String(err.stderr).split("\n").find(l => /Check|Error/.test(l))); }
}
