#!/usr/bin/env node
// Entry point: runs the compiled CLI (npm install builds it). From a checkout without a build,
// falls back to the TypeScript sources through tsx. Only Node built-ins are imported before the
// version check below, so any Node old enough to parse this file gets a clear answer.
import { existsSync, statSync } from "node:fs";
import module from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const MIN_MAJOR = 22;
const MIN_MINOR = 3; // process.getBuiltinModule
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [major, minor] = process.versions.node.split(".").map(Number);

if (major < MIN_MAJOR || (major === MIN_MAJOR && minor < MIN_MINOR)) {
  // Native modules (SQLite) are built for the project's own Node (the `node` devDependency):
  // an older Node would crash loading them. Run under that Node, or say how to get one.
  const own = join(root, "node_modules", "node", "bin", "node");
  if (existsSync(own) && !process.env.JARVIS_REEXEC) await reexec(own);
  else {
    process.stderr.write(
      `UNAVAILABLE: Jarvis needs Node.js ${MIN_MAJOR}.${MIN_MINOR} or newer and this is ${process.version} (install Node 24 LTS, or run \`npm install\` in ${root} to get the project's own Node)\n`,
    );
    process.exit(1);
  }
} else {
  // A closed pipe (`jarvis runs list | head`) ends the output, not the command: no stack trace,
  // and the command's own exit code.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  const argv = process.argv.slice(2);
  const command = argv.find((arg) => !arg.startsWith("-"));
  const compiled = existsSync(join(root, "dist", "cli", "main.js"));
  const load = async (name) => {
    if (name === "main" && bundled())
      return import(pathToFileURL(join(root, "dist", "bundle", "main.js")).href);
    if (compiled) return import(pathToFileURL(join(root, "dist", "cli", `${name}.js`)).href);
    await import("tsx/esm");
    return import(pathToFileURL(join(root, "src", "cli", `${name}.ts`)).href);
  };
  // With the service running, `jarvis ask` talks to it and loads nothing else (the runtime, the
  // tool catalog and the NLU stay in the service). The build bundles that client into one
  // CommonJS file: ~10 ms to load where its eight ES modules took ~40 ms (ES imports of
  // built-ins copy all their exports; each module is resolved and linked on its own).
  if (command === "ask" && argv[0] === "ask") {
    const bundle = join(root, "dist", "cli", "attach.cjs");
    const { attachAsk } = existsSync(bundle)
      ? module.createRequire(import.meta.url)(bundle)
      : await load("attach");
    const code = await attachAsk(argv, process.env, process);
    if (code !== undefined) process.exitCode = code;
  }
  // Cache V8's compiled code for Jarvis (the bundle's chunks, or ~1000 modules unbundled) on
  // disk (os.tmpdir()/node-compile-cache, checked against each file's contents, as tsc does): a
  // command compiles ~15-20% less after its first run (NODE_DISABLE_COMPILE_CACHE=1 turns it
  // off). Not for `start`: Node keeps the cache it read in memory for the life of the process
  // (~6 MB measured), and the long-lived server's idle RSS matters more than ~0.15 s once at its
  // start. Not for the attached client
  // above either: for one small file, reading and checking the cache costs more than it saves.
  if (process.exitCode === undefined && command !== "start") module.enableCompileCache?.();
  if (process.exitCode === undefined) {
    const entry = await load("main");
    process.exitCode = await entry.main(argv);
  }
}

/**
 * Whether to run the bundled CLI (dist/bundle, `npm run build:bundle`): one ES module graph of a
 * few dozen chunks instead of ~900 modules, ~0.1-0.3 s less for a one-shot command (decision
 * 0026). A bundle older than the compiled tree (a `tsc` without the bundle step) is not run.
 */
function bundled() {
  try {
    const bundle = statSync(join(root, "dist", "bundle", "main.js")).mtimeMs;
    return bundle >= statSync(join(root, "dist", "cli", "main.js")).mtimeMs;
  } catch {
    return false;
  }
}

/** Runs this same command under `node`, passing signals on, and ends as it ends. */
async function reexec(node) {
  // Imported here: only an old Node re-runs itself, and an ES import of node:child_process costs
  // every other command its load.
  const { spawn } = await import("node:child_process");
  return new Promise(() => {
    const child = spawn(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, JARVIS_REEXEC: "1" },
    });
    // Ctrl-C reaches the child from the terminal; this process only waits for it to end.
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", () => {});
    process.on("SIGTERM", forward);
    process.on("SIGHUP", forward);
    child.on("error", (error) => {
      process.stderr.write(
        `INTERNAL: could not start ${node}: ${error.message} (run \`npm install\` in ${root})\n`,
      );
      process.exit(1);
    });
    child.on("exit", (code, signal) => {
      if (signal) {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      process.exit(code ?? 1);
    });
  });
}
