import { existsSync, readFileSync } from "node:fs";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { JarvisError } from "../core/errors.js";
import { configSchema, type JarvisConfig } from "./schema.js";

const FILE = "config.yaml";

/** Reads and validates config.yaml; a missing file means defaults, a bad one is refused whole. */
export function loadConfig(path: string): JarvisConfig {
  if (!existsSync(path)) return configSchema.parse({});
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (cause) {
    throw new JarvisError("CONFIG_INVALID", `${FILE}: cannot be read (${(cause as Error).message})`, {
      fix: `check the permissions of ${path}`,
    });
  }
  return parseConfigText(text);
}

export function parseConfigText(text: string): JarvisConfig {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const first = document.errors[0];
  if (first) {
    const line = first.linePos?.[0]?.line;
    throw new JarvisError(
      "CONFIG_INVALID",
      `${FILE}: not valid YAML${line ? ` at line ${line}` : ""}: ${first.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "")}`,
      { fix: "fix the YAML syntax; Jarvis did not change the file" },
    );
  }
  const raw: unknown = document.toJS() ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new JarvisError("CONFIG_INVALID", `${FILE}: the top level must be a mapping of keys`, {
      fix: "start the file with keys such as `policy:`",
    });
  }
  return validateConfig(raw);
}

export function validateConfig(raw: unknown): JarvisConfig {
  const result = configSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new JarvisError("CONFIG_INVALID", issue ? describeIssue(issue) : `${FILE}: invalid`, {
    fix: "edit the key or run `jarvis config set KEY VALUE`",
  });
}

/** `config.yaml: policy.autonomy must be one of ask_all, smart, full_auto` */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.map(String).join(".") || "(top level)";
  switch (issue.code) {
    case "invalid_value":
      return `${FILE}: ${key} must be one of ${issue.values.map(String).join(", ")}`;
    case "unrecognized_keys":
      return `${FILE}: ${key === "(top level)" ? "" : `${key}.`}${issue.keys[0]} is not a known key`;
    case "invalid_type":
      return `${FILE}: ${key} must be ${article(issue.expected)}`;
    case "too_small":
      return `${FILE}: ${key} must be at least ${String(issue.minimum)}`;
    case "too_big":
      return `${FILE}: ${key} must be at most ${String(issue.maximum)}`;
    case "invalid_format":
      // a regex's own message says what is expected ("must be an environment variable name")
      if (issue.format === "regex" && !issue.message.startsWith("Invalid"))
        return `${FILE}: ${key} ${issue.message}`;
      return `${FILE}: ${key} must be a valid ${issue.format === "url" ? "URL" : issue.format}`;
    default:
      return `${FILE}: ${key} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
