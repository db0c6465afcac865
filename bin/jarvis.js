#!/usr/bin/env node
// Entry point: runs the compiled CLI (npm install builds it). From a checkout without a build,
// falls back to the TypeScript sources through tsx.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

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
