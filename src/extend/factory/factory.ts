import type { ModelRouter } from "../../brain/models/router.js";
import type { Clock } from "../../core/clock.js";
import { JarvisError, toJarvisError } from "../../core/errors.js";
import type { IdGenerator } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { RiskTier, ToolDefinition } from "../../core/tool.js";
import type { ToolRegistry } from "../../gate/registry.js";
import type { SandboxService } from "../sandbox/service.js";
import { requestDraft } from "./draft.js";
import { generatedToolDefinition } from "./generated.js";
import {
  checkDraft,
  draftHash,
  effectsFor,
  type GeneratedDraft,
  NOT_CAPABILITIES,
  tierFor,
} from "./manifest.js";
import type { GeneratedToolStore, StoredTool } from "./store.js";
import { runDraftTests, type TestReport } from "./tests.js";

/** One attempt at making a tool: what the model drafted and how its tests went. */
export interface ToolDraft {
  id: string;
  request: string;
  status: "passed" | "failed";
  draft?: GeneratedDraft;
  report?: TestReport;
  attempts: number;
  /** Why the last attempt failed, when it did (the person sees this). */
  lastFailure?: string;
  tier?: RiskTier;
  hash?: string;
  /** Time spent waiting for the model, and everything else (checks, tests, storage). */
  modelMs: number;
  workMs: number;
}

export interface ToolFactoryOptions {
  registry: ToolRegistry;
  store: GeneratedToolStore;
  sandbox: SandboxService;
  models?: () => Promise<ModelRouter>;
  repairAttempts: number;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
}

/**
 * The tool factory: the model drafts a manifest, code and tests; the tests run in the
 * sandbox; failures go back for a bounded number of repairs; a passing draft waits for the
 * person's review (one confirmation through the gate) before it is registered and pinned.
 */
export class ToolFactory {
  private readonly drafts = new Map<string, ToolDraft>();

  constructor(private readonly options: ToolFactoryOptions) {}

  async make(
    request: string,
    signal: AbortSignal,
    onProgress: (line: string) => void = () => undefined,
  ): Promise<ToolDraft> {
    const router = await this.options.models?.();
    if (!router?.available) {
      throw new JarvisError("UNAVAILABLE", "no language model is configured, so Jarvis cannot write tools", {
        fix: "configure one in config.yaml (models.primary, e.g. a local Ollama) or set JARVIS_MODEL_PROVIDER",
      });
    }
    const started = this.options.clock.now();
    const record: ToolDraft = {
      id: this.options.ids.next("draft"),
      request,
      status: "failed",
      attempts: 0,
      modelMs: 0,
      workMs: 0,
    };
    const capabilities = this.capabilityTools();
    let previous: { submission: unknown; problems: string[] } | undefined;
    for (let attempt = 1; attempt <= 1 + this.options.repairAttempts; attempt++) {
      record.attempts = attempt;
      onProgress(attempt === 1 ? "drafting the tool" : `repairing it (attempt ${attempt})`);
      const answer = await requestDraft(
        router,
        { description: request, ...(previous ? { previous } : {}) },
        capabilities,
        signal,
      );
      record.modelMs += answer.ms;
      let draft: GeneratedDraft;
      try {
        draft = checkDraft(answer.submission, this.options.registry);
      } catch (error) {
        record.lastFailure = `the draft was malformed: ${toJarvisError(error).message}`;
        previous = { submission: answer.submission, problems: [toJarvisError(error).message] };
        continue;
      }
      onProgress(`running ${draft.tests.length} tests in the sandbox`);
      const report = await runDraftTests(draft, this.options.sandbox.js, signal);
      Object.assign(record, { draft, report });
      if (report.failed === 0) {
        record.status = "passed";
        delete record.lastFailure;
        record.tier = tierFor(draft.manifest, this.options.registry);
        record.hash = draftHash(draft);
        break;
      }
      const failures = report.results
        .filter((result) => !result.passed)
        .map((result) => `test "${result.name}": ${result.failure}`);
      record.lastFailure = `${report.failed} of ${draft.tests.length} tests failed; ${failures[0] ?? ""}`;
      previous = { submission: answer.submission, problems: failures };
    }
    record.workMs = this.options.clock.now() - started - record.modelMs;
    this.drafts.set(record.id, record);
    this.options.logger.info(
      { draft: record.id, status: record.status, attempts: record.attempts },
      "tool drafted",
    );
    return record;
  }

  draft(id: string): ToolDraft | undefined {
    return this.drafts.get(id);
  }

  listDrafts(): ToolDraft[] {
    return [...this.drafts.values()];
  }

  /** The one text the person reviews: manifest, code and test results. */
  review(id: string): string {
    const record = this.passedDraft(id);
    const { manifest, code, tests } = record.draft;
    const effects = effectsFor(manifest, this.options.registry);
    const report = record.report;
    return [
      `Register the generated tool ${manifest.name} (tier ${record.tier}; effects ${effects.join(", ")}; ${
        manifest.capabilities.length
          ? `may call ${manifest.capabilities.join(", ")} through the gate`
          : "calls nothing outside itself"
      })`,
      `  ${manifest.description}`,
      `  asked for: ${record.request}`,
      "Parameters:",
      indent(JSON.stringify(manifest.parameters, null, 2)),
      `Code (${code.split("\n").length} lines, ${record.hash}):`,
      indent(code),
      `Tests: ${report?.passed ?? 0} of ${tests.length} passed in the sandbox (attempt ${record.attempts})`,
      ...(report?.results ?? []).map((result) => `  ${result.passed ? "passed" : "FAILED"}  ${result.name}`),
      "Every call runs this code in the sandbox; each capability it uses is asked of the gate.",
    ].join("\n");
  }

  /** Registers a passing draft (after the person approved it) and pins it. */
  register(id: string): { name: string; tier: RiskTier; hash: string; replaced: boolean } {
    const record = this.passedDraft(id);
    const { draft } = record;
    const tier = tierFor(draft.manifest, this.options.registry);
    const existing = this.options.registry.get(draft.manifest.name)?.definition;
    if (existing && existing.group !== "generated") {
      throw new JarvisError("USAGE", `${draft.manifest.name} is a built-in tool's name`, {
        fix: "make the tool again under another name",
      });
    }
    const pin = this.options.store.save(
      draft,
      record.report ?? { passed: 0, failed: 0, results: [] },
      tier,
      record.request,
    );
    this.options.registry.unregister(draft.manifest.name);
    this.options.registry.register(
      generatedToolDefinition(draft, tier, pin.hash, this.options.registry, this.options.sandbox),
    );
    this.drafts.delete(id);
    return { name: draft.manifest.name, tier, hash: pin.hash, replaced: existing !== undefined };
  }

  /** Registers every stored tool whose files still hash to what was approved; returns all of them. */
  loadStored(): StoredTool[] {
    const stored = this.options.store.load();
    for (const tool of stored) {
      if (tool.status !== "ready" || !tool.draft || !tool.pin) {
        if (tool.status !== "ready")
          this.options.logger.warn({ tool: tool.name, reason: tool.reason }, "generated tool not loaded");
        continue;
      }
      const existing = this.options.registry.get(tool.name)?.definition;
      if (existing && existing.group !== "generated") {
        tool.status = "disabled";
        tool.reason = "disabled: a built-in tool now has its name";
        continue;
      }
      this.options.registry.unregister(tool.name);
      this.options.registry.register(
        generatedToolDefinition(
          tool.draft,
          tool.pin.tier,
          tool.pin.hash,
          this.options.registry,
          this.options.sandbox,
        ),
      );
    }
    return stored;
  }

  list(): StoredTool[] {
    return this.options.store.load();
  }

  remove(name: string): boolean {
    const existing = this.options.registry.get(name)?.definition;
    if (existing && existing.group !== "generated") {
      throw new JarvisError("USAGE", `${name} is a built-in tool, not a generated one`, {
        fix: "see `jarvis tools generated list`",
      });
    }
    const known = this.options.store.remove(name);
    if (existing) this.options.registry.unregister(name);
    if (!known && !existing)
      throw new JarvisError("NOT_FOUND", `no generated tool named ${name.slice(0, 64)}`, {
        fix: "see `jarvis tools generated list`",
      });
    return true;
  }

  private capabilityTools(): ToolDefinition[] {
    return this.options.registry.list().filter((tool) => !NOT_CAPABILITIES.has(tool.group));
  }

  private passedDraft(id: string): ToolDraft & { draft: GeneratedDraft } {
    const record = this.drafts.get(id);
    if (!record)
      throw new JarvisError("NOT_FOUND", `no tool draft ${id.slice(0, 40)} in this session`, {
        fix: "make the tool again",
      });
    if (record.status !== "passed" || !record.draft) {
      throw new JarvisError(
        "USAGE",
        `the draft's tests did not pass: ${record.lastFailure ?? "no passing draft"}`,
        {
          fix: "describe the tool differently and make it again",
        },
      );
    }
    return record as ToolDraft & { draft: GeneratedDraft };
  }
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
