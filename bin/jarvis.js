#!/usr/bin/env node
// Entry point: runs the compiled CLI (npm install builds it). From a checkout without a build,
// falls back to the TypeScript sources through tsx.
import { existsSync } from "node:fs";
import module from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
const command = argv.find((arg) => !arg.startsWith("-"));
// Cache V8's compiled code for Jarvis' ~1000 modules on disk (os.tmpdir()/node-compile-cache,
// checked against each file's contents, as tsc does): a command compiles ~15-20% less after
// its first run (Node >= 22.1; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Not for `start`:
// Node keeps the cache it read in memory for the life of the process (~6 MB measured), and the
// long-lived server's idle RSS matters more than ~0.15 s once at its start.
if (command !== "start") module.enableCompileCache?.();

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const compiled = existsSync(join(root, "dist", "cli", "main.js"));
const load = async (name) => {
  if (compiled) return import(pathToFileURL(join(root, "dist", "cli", `${name}.js`)).href);
  await import("tsx/esm");
  return import(pathToFileURL(join(root, "src", "cli", `${name}.ts`)).href);
};

// With the service running, `jarvis ask` talks to it and loads nothing else (the runtime, the
// tool catalog and the NLU stay in the service): a few small modules instead of ~1000.
if (command === "ask" && argv[0] === "ask") {
  const { attachAsk } = await load("attach");
  const code = await attachAsk(argv, process.env, process);
  if (code !== undefined) {
    process.exitCode = code;
  }
}
if (process.exitCode === undefined) {
  const entry = await load("main");
  process.exitCode = await entry.main(argv);
}
