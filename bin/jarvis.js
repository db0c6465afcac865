#!/usr/bin/env node
// Entry point: runs the compiled CLI (npm install builds it). From a checkout without a build,
// falls back to the TypeScript sources through tsx.
import { existsSync } from "node:fs";
import module from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Cache V8's compiled code for Jarvis' ~1000 modules on disk (os.tmpdir()/node-compile-cache,
// checked against each file's contents, as tsc does): a command compiles ~15-20% less after
// its first run (Node >= 22.1; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Not for `start`:
// Node keeps the cache it read in memory for the life of the process (~6 MB measured), and the
// long-lived server's idle RSS matters more than ~0.15 s once at its start.
if (process.argv.slice(2).find((arg) => !arg.startsWith("-")) !== "start") module.enableCompileCache?.();

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const compiled = join(root, "dist", "cli", "main.js");
let entry;
if (existsSync(compiled)) {
  entry = await import(pathToFileURL(compiled).href);
} else {
  await import("tsx/esm");
  entry = await import(pathToFileURL(join(root, "src", "cli", "main.ts")).href);
}
const code = await entry.main(process.argv.slice(2));
process.exitCode = code;
