import { createHash } from "node:crypto";
import { JarvisError } from "../../core/errors.js";
import {
  EFFECTS,
  type Effect,
  type JsonSchema,
  maxTier,
  RISK_TIERS,
  type RiskTier,
} from "../../core/tool.js";
import type { ToolRegistry } from "../../gate/registry.js";
import { SchemaValidator } from "../../gate/schema-validator.js";

/** What the model drafts: the tool as data, its code, and the tests that show it works. */
export interface GeneratedManifest {
  name: string;
  description: string;
  parameters: JsonSchema;
  effects: Effect[];
  /** Jarvis tools the code may call with `jarvis.call` (each call still goes through the gate). */
  capabilities: string[];
  /** The tier the model proposed; the registered tier is never lower than the effects imply. */
  tier?: RiskTier;
}

export interface GeneratedTest {
  name: string;
  args: Record<string, unknown>;
  /** The exact value `run(args)` must return. */
  expect?: unknown;
  /** Or: text the returned value (as text) must contain. */
  expect_contains?: string;
  /** What each capability answers in this test (tests never touch the world). */
  capabilities?: Record<string, { output: string; data?: unknown }>;
}

export interface GeneratedDraft {
  manifest: GeneratedManifest;
  code: string;
  tests: GeneratedTest[];
}

export const FACTORY_LIMITS = {
  codeBytes: 64_000,
  tests: 20,
  testArgsBytes: 10_000,
  capabilities: 5,
  schemaBytes: 20_000,
};
const NAME = /^[a-z][a-z0-9_]{2,40}$/;
/** Groups a generated tool may not call: no tool-making, skills, sandboxes or other generated tools. */
export const NOT_CAPABILITIES: ReadonlySet<string> = new Set([
  "factory",
  "generated",
  "skills",
  "sandbox",
  "plan",
]);

/** The tier each effect implies on its own (a generated tool's tier is at least the highest). */
const EFFECT_TIER: Record<Effect, RiskTier> = {
  read: "safe",
  memory: "caution",
  ui: "caution",
  network: "caution",
  egress: "caution",
  write: "caution",
  exec: "dangerous",
  delete: "dangerous",
  send: "dangerous",
  spend: "destructive",
};

/** The tier a generated tool registers with: what it asked for, raised to what its effects and capabilities imply. */
export function tierFor(manifest: GeneratedManifest, registry: ToolRegistry): RiskTier {
  let tier: RiskTier = manifest.tier ?? "safe";
  for (const effect of effectsFor(manifest, registry)) tier = maxTier(tier, EFFECT_TIER[effect]);
  for (const name of manifest.capabilities) {
    const risk = registry.get(name)?.definition.risk;
    tier = maxTier(tier, typeof risk === "string" ? risk : "dangerous");
  }
  return tier;
}

/** Declared effects plus every capability's (the gate judges the tool by all it can do). */
export function effectsFor(manifest: GeneratedManifest, registry: ToolRegistry): Effect[] {
  const effects = new Set<Effect>(manifest.effects);
  for (const name of manifest.capabilities)
    for (const effect of registry.get(name)?.definition.effects ?? []) effects.add(effect);
  if (effects.size === 0) effects.add("read");
  return [...effects];
}

function invalid(message: string): JarvisError {
  return new JarvisError("MODEL_INVALID", message, { fix: "the draft is sent back to the model to fix" });
}

/**
 * Checks a draft the model submitted: a model-safe name that is not a built-in tool's, a
 * parameters schema the gate compiles (strict), known effects, capabilities that exist and are
 * allowed, bounded code and 1–20 tests. Each problem is one line the repair round reads.
 */
export function checkDraft(value: unknown, registry: ToolRegistry): GeneratedDraft {
  if (!value || typeof value !== "object") throw invalid("the submission is not an object");
  const raw = value as Record<string, unknown>;
  const name = String(raw.name ?? "");
  if (!NAME.test(name))
    throw invalid(
      `name "${name.slice(0, 60)}" must be 3-41 characters of a-z, 0-9 and _ starting with a letter`,
    );
  const existing = registry.get(name)?.definition;
  if (existing && existing.group !== "generated")
    throw invalid(`name "${name}" is already a built-in tool; pick another`);
  const description = String(raw.description ?? "").trim();
  if (description.length < 10 || description.length > 1000)
    throw invalid("description must be 10-1000 characters");
  const parameters = raw.parameters as JsonSchema | undefined;
  if (!parameters || typeof parameters !== "object" || parameters.type !== "object") {
    throw invalid('parameters must be a JSON Schema with type "object"');
  }
  if (JSON.stringify(parameters).length > FACTORY_LIMITS.schemaBytes)
    throw invalid("parameters schema is too large");
  delete parameters.$schema;
  try {
    new SchemaValidator().compile(`generated:${name}`, parameters);
  } catch (error) {
    throw invalid(`parameters schema does not compile: ${(error as Error).message.slice(0, 200)}`);
  }
  const effects = asStrings(raw.effects, "effects");
  const unknownEffect = effects.find((effect) => !(EFFECTS as readonly string[]).includes(effect));
  if (unknownEffect) throw invalid(`effect "${unknownEffect}" is not one of ${EFFECTS.join(", ")}`);
  const capabilities = asStrings(raw.capabilities ?? [], "capabilities");
  if (capabilities.length > FACTORY_LIMITS.capabilities)
    throw invalid(`at most ${FACTORY_LIMITS.capabilities} capabilities`);
  for (const capability of capabilities) {
    const tool = registry.get(capability)?.definition;
    if (!tool) throw invalid(`capability "${capability}" is not a Jarvis tool`);
    if (NOT_CAPABILITIES.has(tool.group))
      throw invalid(`capability "${capability}" may not be used by a generated tool`);
  }
  const tier = raw.tier === undefined ? undefined : String(raw.tier);
  if (tier !== undefined && !(RISK_TIERS as readonly string[]).includes(tier))
    throw invalid(`tier "${tier}" is not one of ${RISK_TIERS.join(", ")}`);
  const code = String(raw.code ?? "");
  if (!/\bfunction\s+run\s*\(/.test(code))
    throw invalid("code must define function run(args) (it may be async)");
  if (Buffer.byteLength(code) > FACTORY_LIMITS.codeBytes)
    throw invalid(`code is over ${FACTORY_LIMITS.codeBytes} bytes`);
  const tests = checkTests(raw.tests);
  return {
    manifest: {
      name,
      description,
      parameters,
      effects: effects as Effect[],
      capabilities,
      ...(tier ? { tier: tier as RiskTier } : {}),
    },
    code,
    tests,
  };
}

function checkTests(value: unknown): GeneratedTest[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid("tests must be a non-empty list");
  if (value.length > FACTORY_LIMITS.tests) throw invalid(`at most ${FACTORY_LIMITS.tests} tests`);
  return value.map((entry, i) => {
    const test = (entry ?? {}) as Record<string, unknown>;
    const args = test.args ?? {};
    if (typeof args !== "object" || Array.isArray(args))
      throw invalid(`test ${i + 1}: args must be an object`);
    if (JSON.stringify(args).length > FACTORY_LIMITS.testArgsBytes)
      throw invalid(`test ${i + 1}: args are too large`);
    if (test.expect === undefined && typeof test.expect_contains !== "string") {
      throw invalid(
        `test ${i + 1}: give expect (the exact result) or expect_contains (text the result must contain)`,
      );
    }
    return {
      name: String(test.name ?? `test ${i + 1}`).slice(0, 200),
      args: args as Record<string, unknown>,
      ...(test.expect !== undefined ? { expect: test.expect } : {}),
      ...(typeof test.expect_contains === "string" ? { expect_contains: test.expect_contains } : {}),
      ...(test.capabilities && typeof test.capabilities === "object"
        ? { capabilities: test.capabilities as GeneratedTest["capabilities"] }
        : {}),
    };
  });
}

function asStrings(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
    throw invalid(`${field} must be a list of strings`);
  return [...new Set(value as string[])];
}

/** The content hash a generated tool is pinned by: manifest, code and tests, canonically. */
export function draftHash(draft: GeneratedDraft): string {
  const canonical = JSON.stringify([canonicalJson(draft.manifest), draft.code, canonicalJson(draft.tests)]);
  return `sha256:${createHash("sha256").update(canonical).digest("hex")}`;
}

function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key])]),
  );
}
