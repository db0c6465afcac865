// Bundles the compiled CLI into one CommonJS script (dist/snapshot/cli.cjs) that
// `node --build-snapshot` can evaluate: a snapshot's builder loads no files of its own, so every
// first-party module and pure-JS package is inlined, and every other package (native addons,
// packages that find files beside themselves) becomes a stand-in that loads it on first use,
// after the snapshot is deserialized. See docs/decisions/0030.
import { builtinModules, createRequire } from "node:module";
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { inlined } from "./bundle-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const requireHere = createRequire(join(root, "package.json"));
const outdir = join(root, "dist", "snapshot");

const packageOf = (specifier) => {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
};
const builtin = (name) => name.startsWith("node:") || builtinModules.includes(name);
// Built-ins whose state a snapshot cannot hold (its builder aborts on a live handle): loaded on first use too
const UNSNAPSHOTTABLE = new Set(["http", "https", "http2", "tls"]);
const unsnapshottable = (name) => UNSNAPSHOTTABLE.has(name.replace(/^node:/, ""));

/** What a package exports, read here, so its stand-in can answer esbuild's interop without loading it. */
function shapeOf(specifier) {
  try {
    const loaded = requireHere(specifier);
    const keys = Object.keys(loaded);
    const functions = keys.filter((key) => typeof loaded[key] === "function");
    return { keys, functions, esModule: Boolean(loaded.__esModule) };
  } catch {
    return { keys: [], functions: [], esModule: false };
  }
}

// Inlined here too (the snapshot holds them evaluated): the logger every runtime opens. Its
// transports, which find worker files beside the package, are not used (observe/logger.ts
// writes to a file descriptor).
const SNAPSHOT_INLINE = new Set([
  "pino",
  "pino-std-serializers",
  "sonic-boom",
  "thread-stream",
  "atomic-sleep",
  "on-exit-leak-free",
  "quick-format-unescaped",
  "safe-stable-stringify",
  "fast-redact",
  "@pinojs/redact",
  "process-warning",
  "real-require",
]);
const lazyPackages = {
  name: "lazy-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (builtin(args.path) && !unsnapshottable(args.path)) return { external: true };
      if (builtin(args.path)) return { path: args.path, namespace: "lazy" };
      const name = packageOf(args.path);
      return inlined(name) || SNAPSHOT_INLINE.has(name) ? undefined : { path: args.path, namespace: "lazy" };
    });
    b.onLoad({ filter: /.*/, namespace: "lazy" }, (args) => ({
      contents: `module.exports = __jarvisLazy(${JSON.stringify(args.path)}, ${JSON.stringify(shapeOf(args.path))});`,
      loader: "js",
    }));
  },
};

// The one top-level await of the CLI (the catalog, loaded with its module) cannot be CommonJS: the
// binding is filled when the groups have loaded, which the snapshot's builder waits for.
const TOP_LEVEL_AWAIT = "export const builtinTools = await loadBuiltinTools();";
const noTopLevelAwait = {
  name: "no-top-level-await",
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]tools[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes(TOP_LEVEL_AWAIT)) throw new Error(`${args.path} no longer reads as expected`);
      return {
        contents: source.replace(
          TOP_LEVEL_AWAIT,
          "export let builtinTools;\nexport const builtinToolsLoaded = loadBuiltinTools().then((tools) => { builtinTools = tools; });",
        ),
        loader: "js",
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, "dist", "cli", "snapshot-entry.js")],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node22",
  outfile: join(outdir, "cli.cjs"),
  logLevel: "warning",
  plugins: [lazyPackages, noTopLevelAwait],
  define: { "import.meta.url": "__jarvisUrl", "process.getBuiltinModule": "__jarvisBuiltin" },
  banner: { js: BANNER() },
});

function BANNER() {
  const builtinShapes = Object.fromEntries([...UNSNAPSHOTTABLE].map((name) => [`node:${name}`, shapeOf(`node:${name}`)]));
  return `"use strict";
var module = module || { exports: {} }; // the snapshot builder runs this as a script, without one
var __jarvisUrl = require("node:url").pathToFileURL(__filename).href;
// Packages load through a require made after deserializing: the builder's own loads only built-ins
{
  const v8 = require("node:v8");
  const bind = () => { globalThis.__jarvisRequire = require("node:module").createRequire(__filename); };
  if (v8.startupSnapshot?.isBuildingSnapshot()) v8.startupSnapshot.addDeserializeCallback(bind);
  else bind();
}
const __jarvisShapes = ${JSON.stringify(builtinShapes)};
function __jarvisBuiltin(name) {
  const key = name.startsWith("node:") ? name : "node:" + name;
  return __jarvisShapes[key] ? __jarvisLazy(key, __jarvisShapes[key]) : process.getBuiltinModule(name);
}
function __jarvisLazy(name, shape) {
  let loaded;
  const load = () => (loaded ??= globalThis.__jarvisRequire(name));
  const callable = () => { const m = load(); return typeof m === "function" ? m : m.default; };
  // A function taken from the package before it is loaded (\`const { request } = …\`) loads it when called
  const member = (key) => new Proxy(function () {}, {
    get: (_, inner) => load()[key][inner],
    apply: (_, self, args) => Reflect.apply(load()[key], self, args),
    construct: (_, args) => Reflect.construct(load()[key], args),
  });
  const target = function () {};
  const own = new Set(shape.keys);
  return new Proxy(target, {
    get: (_, key) => {
      if (loaded) return loaded[key];
      if (key === "__esModule") return shape.esModule;
      return shape.functions.includes(key) ? member(key) : load()[key];
    },
    has: (_, key) => own.has(key) || key in load(),
    ownKeys: () => [...new Set([...shape.keys, ...Reflect.ownKeys(target).filter((k) => !Reflect.getOwnPropertyDescriptor(target, k).configurable)])],
    getOwnPropertyDescriptor: (_, key) => {
      const fixed = Reflect.getOwnPropertyDescriptor(target, key);
      if (fixed && !fixed.configurable) return fixed;
      return own.has(key) ? { value: undefined, writable: true, enumerable: true, configurable: true } : undefined;
    },
    apply: (_, self, args) => Reflect.apply(callable(), self, args),
    construct: (_, args) => Reflect.construct(callable(), args),
  });
}`;
}
