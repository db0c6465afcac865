import { afterAll, describe, expect, it } from "vitest";
import { checkDraft, tierFor } from "../../src/extend/factory/manifest.js";
import { createRuntime } from "../../src/runtime/runtime.js";
import { createTempHome } from "../../src/testing/home.js";
import { CSV_TOOL } from "../../src/testing/tool-drafts.js";

const temp = createTempHome("jarvis-manifest-");
const runtime = createRuntime({ env: temp.env });
afterAll(async () => {
  await runtime.close();
  temp.cleanup();
});

function refusal(draft: unknown): string {
  try {
    checkDraft(draft, runtime.registry);
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
}

describe("a drafted tool's manifest", () => {
  it("refuses what the gate could not hold to, one line each", () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: "CSV!" }, /name "CSV!" must be/],
      [{ name: "files_read" }, /already a built-in tool/],
      [{ parameters: { type: "string" } }, /type "object"/],
      [{ parameters: { type: "object", properties: { a: { type: "strng" } } } }, /does not compile/],
      [{ effects: ["teleport"] }, /effect "teleport" is not one of/],
      [{ capabilities: ["nope_tool"] }, /not a Jarvis tool/],
      [{ capabilities: ["tools_make"] }, /may not be used by a generated tool/],
      [{ capabilities: ["sandbox_run"] }, /may not be used by a generated tool/],
      [{ code: "const x = 1;" }, /must define function run/],
      [{ tests: [] }, /non-empty list/],
      [{ tests: [{ name: "t", args: {} }] }, /give expect .* or expect_contains/],
      [{ tier: "harmless" }, /tier "harmless" is not one of/],
    ];
    for (const [change, rule] of cases) {
      const message = refusal({ ...CSV_TOOL, ...change });
      expect(message, JSON.stringify(change)).toMatch(rule);
      expect(message.split("\n")).toHaveLength(1);
    }
    expect(refusal(CSV_TOOL)).toBe("accepted");
  });

  it("registers at a tier never lower than its effects and capabilities imply", () => {
    const tier = (change: Record<string, unknown>) =>
      tierFor(checkDraft({ ...CSV_TOOL, ...change }, runtime.registry).manifest, runtime.registry);
    expect(tier({})).toBe("safe");
    expect(tier({ tier: "safe", effects: ["send"] })).toBe("dangerous");
    expect(tier({ tier: "safe", effects: ["spend"] })).toBe("destructive");
    expect(tier({ tier: "dangerous", effects: [] })).toBe("dangerous");
    expect(tier({ tier: "safe", capabilities: ["files_write"] })).not.toBe("safe");
  });
});
