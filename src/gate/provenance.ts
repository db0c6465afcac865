import { JarvisError } from "../core/errors.js";
import { isHandle } from "../core/handles.js";
import type { HandleStore, JsonSchema, ProvenanceKind } from "../core/tool.js";
import { mentions, sameAs, saysWholly } from "./mentions.js";

/** Which handle letters may stand for a value of each provenance kind. */
const HANDLE_KINDS: Record<ProvenanceKind, string[]> = {
  url: ["u"],
  path: ["f", "d"],
  email: ["a", "c"],
  phone: ["p", "c"],
};

export interface ProvenanceSources {
  /** Everything the user typed or said in this session. */
  userText: readonly string[];
  /** Values from configuration (roots, accounts, allowlists). */
  configValues: readonly string[];
  handles: HandleStore;
}

export interface ProvenanceFinding {
  key: string;
  kind: ProvenanceKind;
  value: string;
  origin: "user" | "config" | "handle" | "tool" | "unknown";
}

interface AnnotatedProperty {
  key: string;
  provenance?: ProvenanceKind;
  handleKind?: string;
  isArray: boolean;
}

/** Top-level properties that carry `x-provenance` / `x-handle` (the gate checks those). */
export function annotatedProperties(schema: JsonSchema): AnnotatedProperty[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: AnnotatedProperty[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const target = property.type === "array" && property.items ? (property.items as JsonSchema) : property;
    const provenance = target["x-provenance"] as ProvenanceKind | undefined;
    const handleKind = target["x-handle"] as string | undefined;
    if (provenance || handleKind) {
      out.push({ key, provenance, handleKind, isArray: property.type === "array", ...{} });
    }
  }
  return out;
}

/**
 * Replaces handles (`#u3`) with the values they stand for and reports where every
 * world-pointing value came from. A handle of the wrong kind or an unknown handle is refused.
 */
export function resolveProvenance(
  args: Record<string, unknown>,
  annotated: AnnotatedProperty[],
  sources: ProvenanceSources,
): { args: Record<string, unknown>; findings: ProvenanceFinding[] } {
  const next: Record<string, unknown> = { ...args };
  const findings: ProvenanceFinding[] = [];
  for (const property of annotated) {
    const raw = next[property.key];
    if (raw === undefined) continue;
    const values = property.isArray && Array.isArray(raw) ? raw : [raw];
    const resolved = values.map((value) => {
      if (typeof value !== "string") return value;
      if (isHandle(value)) {
        const entry = sources.handles.resolve(value);
        const allowedKinds = property.handleKind
          ? [property.handleKind]
          : property.provenance
            ? HANDLE_KINDS[property.provenance]
            : [];
        if (!entry || !allowedKinds.includes(entry.kind)) {
          throw new JarvisError(
            "HANDLE_UNKNOWN",
            `${value} is not a known ${property.key} handle in this session`,
            {
              fix: "use a handle from an earlier result",
            },
          );
        }
        if (property.provenance) {
          // Picking a link from results is the point of handles; an address or number that only
          // appeared in third-party text (a mail body) is not the user's choice.
          const vouched =
            entry.trust === "trusted" || property.provenance === "url" || property.provenance === "path";
          findings.push({
            key: property.key,
            kind: property.provenance,
            value: entry.value,
            origin: vouched ? "handle" : "unknown",
          });
        }
        return entry.value;
      }
      if (property.provenance) {
        findings.push({
          key: property.key,
          kind: property.provenance,
          value,
          origin: originOf(value, property.provenance, sources),
        });
      }
      return value;
    });
    next[property.key] = property.isArray && Array.isArray(raw) ? resolved : resolved[0];
  }
  return { args: next, findings };
}

function originOf(
  value: string,
  kind: ProvenanceKind,
  sources: ProvenanceSources,
): ProvenanceFinding["origin"] {
  const same = sameAs(kind, value);
  // A "phone" value may be a name ("mom"): then whole words the user said, never part of one.
  const byName = kind === "phone" && value.replace(/\D/g, "").length < 5;
  if (sources.userText.some((text) => (byName ? saysWholly(text, value) : mentions(kind, text).some(same))))
    return "user";
  if (sources.configValues.some(same)) return "config";
  if (sources.handles.hasValue(value)) return "tool";
  // A URL an earlier result produced, retyped exactly instead of its handle: the same link.
  if (kind === "url" && sources.handles.list("u").some((entry) => same(entry.value))) return "handle";
  return "unknown";
}
