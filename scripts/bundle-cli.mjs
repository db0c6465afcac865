// Bundles the compiled CLI (dist/cli/main.js and what it imports, dynamic imports as chunks)
// into dist/bundle/, which bin/jarvis.js runs when present. See docs/decisions/0026.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
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

const outdir = join(root, "dist", "bundle");
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, "dist", "cli", "main.js")],
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  outdir,
  logLevel: "warning",
  plugins: [selectedPackages],
  // Inlined CommonJS packages call require() for Node built-ins
  banner: { js: 'import { createRequire as __jarvisRequire } from "node:module"; const require = __jarvisRequire(import.meta.url);' },
});

// The bundle's identity: what a one-shot command's caches (the tool catalog, the NLU's training
// key) are keyed on instead of hashing the code they describe at every start (decision 0032).
const identity = createHash("sha256");
for (const name of readdirSync(outdir).sort()) identity.update(name).update(readFileSync(join(outdir, name)));
writeFileSync(join(outdir, "identity"), `${identity.digest("hex").slice(0, 32)}\n`);
