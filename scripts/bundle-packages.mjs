// The packages both CLI bundles inline (scripts/bundle-cli.mjs, scripts/bundle-snapshot.mjs).
// Pure-JS packages on every command's path, inlined: ESM resolution and module records of their
// ~300 files cost more than reading one chunk. Everything else stays an import of
// node_modules (native addons, packages that find files or workers beside themselves).
// Checked: none of these looks for files beside itself (__dirname, require.resolve).
export const INLINE = [
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
export const inlined = (name) => INLINE.some((entry) => (entry.endsWith("/") ? name.startsWith(entry) : name === entry));
