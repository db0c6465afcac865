#!/usr/bin/env node
// Entry point: runs the compiled CLI (npm install builds it). From a checkout without a build,
// falls back to the TypeScript sources through tsx. Only Node built-ins are imported before the
// version check below, so any Node old enough to parse this file gets a clear answer.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import module from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const MIN_MAJOR = 22;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const major = Number(process.versions.node.split(".")[0]);

if (major < MIN_MAJOR) {
  // Native modules (SQLite) are built for the project's own Node (the `node` devDependency):
  // an older Node would crash loading them. Run under that Node, or say how to get one.
  const own = join(root, "node_modules", "node", "bin", "node");
  if (existsSync(own) && !process.env.JARVIS_REEXEC) await reexec(own);
  else {
    process.stderr.write(
      `UNAVAILABLE: Jarvis needs Node.js ${MIN_MAJOR} or newer and this is ${process.version} (install Node 24 LTS, or run \`npm install\` in ${root} to get the project's own Node)\n`,
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
  // Cache V8's compiled code for Jarvis' ~1000 modules on disk (os.tmpdir()/node-compile-cache,
  // checked against each file's contents, as tsc does): a command compiles ~15-20% less after
  // its first run (NODE_DISABLE_COMPILE_CACHE=1 turns it off). Not for `start`: Node keeps the
  // cache it read in memory for the life of the process (~6 MB measured), and the long-lived
  // server's idle RSS matters more than ~0.15 s once at its start.
  const argv = process.argv.slice(2);
  const command = argv.find((arg) => !arg.startsWith("-"));
  if (command !== "start") module.enableCompileCache?.();
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
    if (code !== undefined) process.exitCode = code;
  }
  if (process.exitCode === undefined) {
    const entry = await load("main");
    process.exitCode = await entry.main(argv);
  }
}

/** Runs this same command under `node`, passing signals on, and ends as it ends. */
function reexec(node) {
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
