import { JarvisError } from "../core/errors.js";
import { isHandle } from "../core/handles.js";
import type { HandleStore, JsonSchema, ProvenanceKind } from "../core/tool.js";

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
  const needles = needlesFor(value, kind);
  const said = sources.userText.map((t) => t.toLowerCase());
  if (needles.some((needle) => said.some((text) => text.includes(needle)))) return "user";
  const configured = sources.configValues.map((v) => v.toLowerCase());
  if (needles.some((needle) => configured.includes(needle))) return "config";
  if (sources.handles.hasValue(value)) return "tool";
  return "unknown";
}

/** The forms of a value a user would type: a URL's host, a path's name, digits of a phone. */
function needlesFor(value: string, kind: ProvenanceKind): string[] {
  const lower = value.toLowerCase().trim();
  if (lower.length === 0) return [];
  switch (kind) {
    case "url": {
      const out = [lower.replace(/\/$/, "")];
      try {
        const url = new URL(value);
        out.push(url.hostname.toLowerCase().replace(/^www\./, ""));
      } catch {
        // not a URL: the literal form is all we can match
      }
      return out.filter((n) => n.length >= 3);
    }
    case "path": {
      const parts = lower.split(/[\\/]/).filter(Boolean);
      const name = parts.at(-1);
      return [lower, ...(name && name.length >= 3 ? [name] : [])];
    }
    case "phone": {
      const digits = lower.replace(/\D/g, "");
      return digits.length >= 5 ? [lower, digits] : [lower];
    }
    default:
      return [lower];
  }
}
