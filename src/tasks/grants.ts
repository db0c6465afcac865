import { JarvisError } from "../core/errors.js";
import type { JsonSchema, ToolDefinition } from "../core/tool.js";
import type { StandingGrants } from "../gate/grants.js";
import { canonicalPath, checkPath, isWithin, type PathRoots } from "../gate/paths.js";
import type { PolicySettings } from "../gate/policy.js";
import type { ToolRegistry } from "../gate/registry.js";

/** One grant as stored: the tool (or `notify`), and what it is narrowed to. */
export interface Grant {
  /** The words, normalized: `files_write under /home/ada/Reports`, `mail_send to me`, `notify`. */
  text: string;
  tools: string[];
  under?: string | undefined;
  to?: string[] | undefined;
}

/** `notify` is the one grant that names no tool: telling the person, on any surface. */
export const NOTIFY_TOOLS = ["notify_user", "system_notify"];

/** Effects no routine may hold unasked, whatever the grant says. */
const NEVER_GRANTED = new Set(["exec", "spend"]);

export interface GrantContext {
  registry: Pick<ToolRegistry, "get">;
  roots: PathRoots;
  policy: PolicySettings;
  /** The person's own addresses (mail accounts' From): what "to me" means. */
  ownAddresses: string[];
}

const GRANT = /^\s*([a-z0-9_]{1,64})(?:\s+under\s+(.+?)|\s+to\s+(.+?))?\s*$/i;

/**
 * Reads a grant the person wrote and refuses one broader than they allowed: an unknown tool,
 * one their policy denies, one that always asks (destructive) or runs code or spends, a path
 * outside their write roots, a send without saying to whom. One line names the fix.
 */
export function parseGrant(text: string, context: GrantContext): Grant {
  const match = GRANT.exec(text);
  const refuse = (message: string, fix: string) =>
    new JarvisError("ARGS_INVALID", `grant "${text.slice(0, 100)}": ${message}`, { fix });
  if (!match)
    throw refuse(
      "expected a tool name, optionally with `under <folder>` or `to <whom>`",
      'e.g. "files_write under ~/Reports", "mail_send to me", "notify"',
    );
  const name = match[1]!.toLowerCase();
  if (name === "notify" && !match[2] && !match[3]) return { text: "notify", tools: [...NOTIFY_TOOLS] };
  const tool = context.registry.get(name)?.definition;
  if (!tool) {
    throw new JarvisError("TOOL_UNKNOWN", `grant "${text.slice(0, 100)}": no tool named "${name}"`, {
      fix: "run `jarvis tools list` to see the tools",
    });
  }
  const override = context.policy.tools[name];
  const deniedEffect = tool.effects.find((effect) => context.policy.effects[effect] === "deny");
  if (override === "deny" || deniedEffect) {
    throw refuse(
      `your policy denies ${override === "deny" ? name : `the ${deniedEffect} effect`}`,
      "change policy in config.yaml first, or drop this grant",
    );
  }
  const blocked = tool.effects.find((effect) => NEVER_GRANTED.has(effect));
  if (blocked)
    throw refuse(
      `a routine may never ${blocked === "exec" ? "run programs" : "spend"} unasked`,
      "leave it out; the routine will ask when it needs it",
    );
  if (typeof tool.risk === "string" && tool.risk === "destructive") {
    throw refuse("destructive actions always ask", "leave it out; the routine will ask when it needs it");
  }
  const keys = argumentKinds(tool.parameters);
  if (match[2] !== undefined) {
    if (keys.paths.length === 0) throw refuse(`${name} takes no folder`, `write just "${name}"`);
    const access = keys.writePaths.length > 0 ? "write" : "read";
    let under: string;
    try {
      under = checkPath(match[2].trim(), access, context.roots);
    } catch (error) {
      throw refuse(
        `${(error as Error).message}; that is broader than you allowed`,
        `pick a folder inside files.${access}_roots`,
      );
    }
    return { text: `${name} under ${under}`, tools: [name], under };
  }
  if (match[3] !== undefined) {
    if (keys.emails.length === 0) throw refuse(`${name} sends to no one`, `write just "${name}"`);
    const to = recipients(match[3], context.ownAddresses);
    if (to.length === 0)
      throw refuse(
        "no address to send to (no mail account gives your own address)",
        'name the address, e.g. "mail_send to ada@example.com"',
      );
    return { text: `${name} to ${to.join(", ")}`, tools: [name], to };
  }
  if (keys.writePaths.length > 0)
    throw refuse("a grant to write must say where", `e.g. "${name} under ~/Reports"`);
  if (tool.effects.includes("send") && keys.emails.length > 0)
    throw refuse("a grant to send must say to whom", `e.g. "${name} to me"`);
  return { text: name, tools: [name] };
}

function recipients(text: string, own: string[]): string[] {
  const words = text
    .split(/\s*(?:,|\band\b)\s*/i)
    .map((word) => word.trim().replace(/\s+only$/i, ""))
    .filter(Boolean);
  const out: string[] = [];
  for (const word of words) {
    if (/^(me|myself)$/i.test(word)) out.push(...own);
    else if (/^[^\s@<>]+@[^\s@<>]+$/.test(word)) out.push(word.toLowerCase());
    else
      throw new JarvisError("ARGS_INVALID", `"${word.slice(0, 80)}" is not an address or "me"`, {
        fix: 'e.g. "to me" or "to ada@example.com"',
      });
  }
  return [...new Set(out.map((a) => a.toLowerCase()))];
}

/** Top-level arguments that are paths (by access) or addresses, from the schema's annotations. */
function argumentKinds(schema: JsonSchema): { paths: string[]; writePaths: string[]; emails: string[] } {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out = { paths: [] as string[], writePaths: [] as string[], emails: [] as string[] };
  for (const [key, property] of Object.entries(properties)) {
    const target = property.type === "array" && property.items ? (property.items as JsonSchema) : property;
    if (target["x-path"]) out.paths.push(key);
    if (target["x-path"] === "write") out.writePaths.push(key);
    if (target["x-provenance"] === "email") out.emails.push(key);
  }
  return out;
}

/** The gate's view of a routine's grants: which one covers a prepared call, if any. */
export function standingGrants(holder: string, grants: readonly Grant[], home: string): StandingGrants {
  return {
    holder,
    covering(tool: ToolDefinition, args: Record<string, unknown>): string | undefined {
      const keys = argumentKinds(tool.parameters);
      for (const grant of grants) {
        if (!grant.tools.includes(tool.name)) continue;
        if (grant.under !== undefined) {
          const under = grant.under;
          const values = keys.paths.flatMap((key) => listOf(args[key]));
          if (values.length === 0 || !values.every((p) => isWithin(canonicalPath(p, home), under))) continue;
        }
        if (grant.to !== undefined) {
          const allowed = new Set(grant.to);
          const values = keys.emails.flatMap((key) => listOf(args[key])).map(addressOf);
          if (values.length === 0 || !values.every((a) => allowed.has(a))) continue;
        }
        return grant.text;
      }
      return undefined;
    },
  };
}

function listOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function addressOf(value: string): string {
  return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();
}

/** The person's own addresses, from the configured mail accounts' From lines. */
export function ownAddresses(accounts: ReadonlyArray<{ from: string }>): string[] {
  return [...new Set(accounts.map((account) => addressOf(account.from)))];
}
