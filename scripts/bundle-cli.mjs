// Bundles the compiled CLI (dist/cli/main.js and what it imports, dynamic imports as chunks)
// into dist/bundle/, which bin/jarvis.js runs when present. See docs/decisions/0026.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Pure-JS packages on every command's path, inlined: ESM resolution and module records of their
// ~300 files cost more than reading one chunk. Everything else stays an import of
// node_modules (native addons, packages that find files or workers beside themselves).
// Checked: none of these looks for files beside itself (__dirname, require.resolve).
const INLINE = [
  "zod",
  "yaml",
  "chrono-node",
  "dayjs",
  "ajv",
  "ajv-formats",
  "fast-uri",
  "fast-deep-equal",
  "json-schema-traverse",
  "require-from-string",
  "commander",
  "croner",
  "ical.js",
  "tldts",
  "tldts-core",
  "ai",
  "@ai-sdk/",
  "@opentelemetry/api",
  "@vercel/oidc",
  "@standard-schema/spec",
  "eventsource-parser",
  "ollama-ai-provider-v2",
];
const inlined = (name) => INLINE.some((entry) => (entry.endsWith("/") ? name.startsWith(entry) : name === entry));

const packageOf = (specifier) => {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
};

const selectedPackages = {
  name: "selected-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      return inlined(packageOf(args.path)) ? undefined : { external: true };
    });
  },
};

// zod re-exports every locale as a namespace (`z.locales`, `z.core.locales`), so its ~60 locale
// modules (~370 KB, a third of zod) are in every command's chunk though only English, which
// its schemas import directly, is ever used. The namespace keeps English alone (decision 0032).
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), "..", "locales", "en.js"), namespace: "zod-locales" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};

const outdir = join(root, "dist", "bundle");
// esbuild's chunks, before merging (below)
const splitdir = join(root, "dist", "bundle-split");
rmSync(outdir, { recursive: true, force: true });
rmSync(splitdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, "dist", "cli", "main.js")],
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  outdir: splitdir,
  logLevel: "warning",
  plugins: [zodEnglishOnly, selectedPackages],
  // Inlined CommonJS packages call require() for Node built-ins. Marked pure so that a chunk
  // whose code does not use it has no side effect of its own (the merge below needs to know)
  banner: {
    js: 'import { createRequire as __jarvisRequire } from "node:module"; const require = /* @__PURE__ */ __jarvisRequire(import.meta.url);',
  },
});

// esbuild splits by the set of entries (the CLI and each dynamic import) that reach a piece of
// code, which gave a one-shot `jarvis ask` 87 chunks, 69 of them under 10 KB: each costs a
// resolve, a read, a compile and a link (~0.2 ms apiece measured). Rollup, reading esbuild's
// chunks as its modules, merges a chunk under MIN_CHUNK into another when that changes no
// entry's side effects (`experimentalMinChunkSize`): 87 -> 46 chunks on that path (decision
// 0043). Rollup places every module in exactly one chunk, so no module's state can exist
// twice; `checkOnce` below fails the build if that ever stops holding, and
// test/cli/bundle-chunks.test.ts reads the map it writes.
const MIN_CHUNK = 20_000;
// A checkout whose node_modules predates Rollup (npm install not run since) still builds: its
// chunks are left as esbuild wrote them, and it says so
const rollup = await import("rollup").then(
  (module) => module.rollup,
  () => undefined,
);
let placement;
if (rollup) {
  const merged = await rollup({
    input: { main: join(splitdir, "main.js") },
    external: (id) => id.startsWith("node:") || (!id.startsWith(".") && !id.startsWith("/")),
    preserveEntrySignatures: "strict",
    onLog: (level, log, handler) => {
      // The merge's own report, and esbuild's chunks importing each other (ES modules allow it)
      if (log.code === "OPTIMIZE_CHUNK_STATUS" || log.code === "CIRCULAR_DEPENDENCY") return;
      handler(level, log);
    },
  });
  const { output } = await merged.write({
    dir: outdir,
    format: "es",
    entryFileNames: "[name].js",
    // A dynamic import's chunk keeps esbuild's name (ask-…, nlu-…); a merged one is named by its hash
    chunkFileNames: (chunk) => (chunk.isDynamicEntry ? "[name].js" : "chunk-[hash].js"),
    experimentalMinChunkSize: MIN_CHUNK,
  });
  await merged.close();
  placement = checkOnce(output);
  rmSync(splitdir, { recursive: true, force: true });
} else {
  console.warn("bundle: rollup is not installed (run npm install): the chunks are left unmerged");
  renameSync(splitdir, outdir);
  placement = Object.fromEntries(
    readdirSync(outdir)
      .filter((name) => name.endsWith(".js"))
      .map((name) => [name, [name]]),
  );
}
writeFileSync(join(outdir, "chunks.json"), `${JSON.stringify(placement, null, 1)}\n`);

/** Each merged chunk's esbuild chunks: throws when one of them is in two merged chunks. */
function checkOnce(chunks) {
  const placement = {};
  const placed = new Map();
  for (const chunk of chunks) {
    if (chunk.type !== "chunk") continue;
    placement[chunk.fileName] = Object.keys(chunk.modules).map((id) => basename(id));
    for (const name of placement[chunk.fileName]) {
      if (placed.has(name)) throw new Error(`bundle: ${name} is in ${placed.get(name)} and ${chunk.fileName}`);
      placed.set(name, chunk.fileName);
    }
  }
  return placement;
}

// The bundle's identity: what a one-shot command's caches are keyed on instead of hashing the
// code they describe at every start (decision 0032). `code` covers every chunk (the tool
// catalog); `nlu` the NLU's compiled files, hashed as `trainingKey` hashes them unbundled, so
// a build that leaves the NLU alone keeps its trained weights and parsed templates.
const hashFiles = (files) => {
  const hash = createHash("sha256");
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 32);
};
const nluFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return nluFiles(path);
      return /\.js$/.test(entry.name) && !/\.(?:test|d)\.js$/.test(entry.name) ? [path] : [];
    })
    .sort();
const chunks = readdirSync(outdir)
  .filter((name) => name.endsWith(".js"))
  .sort()
  .map((name) => join(outdir, name));
writeFileSync(
  join(outdir, "identity"),
  `${JSON.stringify({ code: hashFiles(chunks), nlu: hashFiles(nluFiles(join(root, "dist", "brain", "nlu"))) })}\n`,
);
