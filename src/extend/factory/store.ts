import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Clock } from "../../core/clock.js";
import type { RiskTier } from "../../core/tool.js";
import { LockFile } from "../lock-file.js";
import { draftHash, type GeneratedDraft } from "./manifest.js";
import type { TestReport } from "./tests.js";

const FILES = {
  manifest: "manifest.json",
  code: "tool.js",
  tests: "tests.json",
  report: "report.json",
} as const;

/** What the user approved when a generated tool was registered. */
export interface GeneratedPin {
  name: string;
  hash: string;
  /** sha256 of each stored file, to say which one changed. */
  files: Record<string, string>;
  tier: RiskTier;
  /** What the user asked for. */
  request: string;
  registeredAt: number;
}

export interface StoredTool {
  name: string;
  dir: string;
  status: "ready" | "disabled" | "unapproved";
  reason?: string;
  draft?: GeneratedDraft;
  report?: TestReport;
  pin?: GeneratedPin;
}

/**
 * Generated tools on disk (JARVIS_HOME/tools/<name>/) and their pins (JARVIS_HOME/tools.lock.json).
 * They survive restarts; at load each is re-hashed, and one whose files changed is disabled.
 */
export class GeneratedToolStore {
  private readonly pins: LockFile<GeneratedPin>;

  constructor(private readonly options: { dir: string; pinFile: string; clock: Clock }) {
    this.pins = new LockFile(options.pinFile, "tools", (pin) => pin.name);
  }

  /** Every stored tool, verified against its pin. */
  load(): StoredTool[] {
    const pins = this.pins.read();
    const names = new Set([...listDirs(this.options.dir), ...pins.keys()]);
    return [...names].sort().map((name) => this.verify(name, pins.get(name)));
  }

  save(draft: GeneratedDraft, report: TestReport, tier: RiskTier, request: string): GeneratedPin {
    const name = draft.manifest.name;
    const dir = join(this.options.dir, name);
    const incoming = join(this.options.dir, `.incoming-${name}-${process.pid}`);
    rmSync(incoming, { recursive: true, force: true });
    mkdirSync(incoming, { recursive: true });
    const contents = serialize(draft, report);
    for (const [file, text] of Object.entries(contents)) writeFileSync(join(incoming, file), text);
    rmSync(dir, { recursive: true, force: true });
    renameSync(incoming, dir);
    const pin: GeneratedPin = {
      name,
      hash: draftHash(draft),
      files: Object.fromEntries(
        Object.entries(contents)
          .filter(([file]) => file !== FILES.report)
          .map(([file, text]) => [file, sha(text)]),
      ),
      tier,
      request: request.slice(0, 2000),
      registeredAt: this.options.clock.now(),
    };
    const pins = this.pins.read();
    pins.set(name, pin);
    this.pins.write(pins);
    return pin;
  }

  remove(name: string): boolean {
    const pins = this.pins.read();
    const known = pins.delete(name) || existsSync(join(this.options.dir, name));
    this.pins.write(pins);
    rmSync(join(this.options.dir, name), { recursive: true, force: true });
    return known;
  }

  private verify(name: string, pin: GeneratedPin | undefined): StoredTool {
    const dir = join(this.options.dir, name);
    const base = { name, dir, ...(pin ? { pin } : {}) };
    if (!pin)
      return {
        ...base,
        status: "unapproved",
        reason: "it was never approved (no pin); remove it or make it again",
      };
    let draft: GeneratedDraft;
    let report: TestReport | undefined;
    try {
      const read = (file: string) => readFileSync(join(dir, file), "utf8");
      const changed = Object.entries(pin.files)
        .filter(([file, hash]) => !existsSync(join(dir, file)) || sha(read(file)) !== hash)
        .map(([file]) => file);
      if (changed.length > 0) {
        return {
          ...base,
          status: "disabled",
          reason: `disabled: ${changed.join(", ")} changed since you approved it; make the tool again or remove it`,
        };
      }
      draft = {
        manifest: JSON.parse(read(FILES.manifest)),
        code: read(FILES.code),
        tests: JSON.parse(read(FILES.tests)),
      };
      report = existsSync(join(dir, FILES.report))
        ? (JSON.parse(read(FILES.report)) as TestReport)
        : undefined;
    } catch (error) {
      return {
        ...base,
        status: "disabled",
        reason: `disabled: its files cannot be read (${(error as Error).message.slice(0, 120)})`,
      };
    }
    if (draftHash(draft) !== pin.hash)
      return {
        ...base,
        status: "disabled",
        reason: "disabled: its content hash does not match the approved one",
      };
    return { ...base, status: "ready", draft, ...(report ? { report } : {}) };
  }
}

function serialize(draft: GeneratedDraft, report: TestReport): Record<string, string> {
  return {
    [FILES.manifest]: `${JSON.stringify(draft.manifest, null, 2)}\n`,
    [FILES.code]: draft.code,
    [FILES.tests]: `${JSON.stringify(draft.tests, null, 2)}\n`,
    [FILES.report]: `${JSON.stringify(report, null, 2)}\n`,
  };
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
