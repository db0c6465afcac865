import { isDeepStrictEqual } from "node:util";
import type { JsResult, JsSandbox } from "../sandbox/quickjs.js";
import type { GeneratedDraft, GeneratedTest } from "./manifest.js";

export interface TestCaseResult {
  name: string;
  passed: boolean;
  /** Why it failed, in one line (what came back against what was expected). */
  failure?: string;
  durationMs: number;
}

export interface TestReport {
  passed: number;
  failed: number;
  results: TestCaseResult[];
}

/** The text a tool's returned value becomes (what the model and the person read). */
export function resultText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/**
 * Runs a draft's tests in the QuickJS sandbox, one call each. Capabilities answer from the
 * test's own fixtures (a test never reaches the world); a capability the test did not give a
 * fixture for, or one the manifest did not declare, is refused as it would be when called.
 */
export async function runDraftTests(
  draft: GeneratedDraft,
  js: JsSandbox,
  signal?: AbortSignal,
): Promise<TestReport> {
  const results: TestCaseResult[] = [];
  for (const test of draft.tests) {
    const started = Date.now();
    const result = await js.run({
      code: draft.code,
      args: test.args,
      capabilities: draft.manifest.capabilities,
      onCapability: async (name) => {
        if (!draft.manifest.capabilities.includes(name))
          return { ok: false, error: `the tool did not declare the capability ${name}` };
        const fixture = test.capabilities?.[name];
        return fixture
          ? { ok: true, value: { ok: true, output: fixture.output, data: fixture.data ?? null } }
          : { ok: false, error: `the test gives no answer for ${name}` };
      },
      limits: { cpuMs: 2_000, memoryMb: 64 },
      ...(signal ? { signal } : {}),
    });
    const failure = judge(test, result);
    results.push({
      name: test.name,
      passed: failure === undefined,
      ...(failure ? { failure } : {}),
      durationMs: Date.now() - started,
    });
  }
  const passed = results.filter((result) => result.passed).length;
  return { passed, failed: results.length - passed, results };
}

function judge(test: GeneratedTest, result: JsResult): string | undefined {
  if (!result.ok) return `${result.error?.kind ?? "error"}: ${result.error?.message ?? "failed"}`;
  if (test.expect !== undefined) {
    return isDeepStrictEqual(result.value, test.expect)
      ? undefined
      : `returned ${clip(JSON.stringify(result.value))}, expected ${clip(JSON.stringify(test.expect))}`;
  }
  const text = resultText(result.value);
  return text.includes(test.expect_contains ?? "")
    ? undefined
    : `returned ${clip(JSON.stringify(text))}, which lacks ${clip(JSON.stringify(test.expect_contains))}`;
}

function clip(text: string | undefined): string {
  const value = text ?? "undefined";
  return value.length > 300 ? `${value.slice(0, 300)}…` : value;
}
