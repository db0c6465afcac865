import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolFactory } from "./factory.js";

const makeArgs = z.object({
  description: z.string().min(10).max(4000).describe("what the new tool should do, in the user's words"),
});
const registerArgs = z.object({
  draft: z.string().min(1).max(80).describe("the draft id tools_make returned"),
});
const removeArgs = z.object({ name: z.string().min(1).max(64).describe("the generated tool's name") });

/** tools_make (draft and test), tools_register (the person's one review), tools_remove. */
export function factoryTools(factory: ToolFactory): ToolDefinition[] {
  const make = defineTool<z.infer<typeof makeArgs>>({
    name: "tools_make",
    group: "factory",
    description:
      "Write a new tool from a description: a model drafts its code and tests, the tests run in the sandbox, and failures are repaired a few times. Returns a draft id for tools_register when the tests pass.",
    parameters: parametersFrom(makeArgs),
    says: () => "Draft a new tool for what you described",
    effects: ["exec"],
    // Drafting and testing touch nothing outside the sandbox; registering is what asks.
    risk: "safe",
    timeoutMs: 900_000,
    async execute({ description }, ctx) {
      const draft = await factory.make(description, ctx.signal, (line) =>
        ctx.emit?.({ type: "notice", data: { level: "info", message: line } }),
      );
      const data = {
        draft: draft.id,
        status: draft.status,
        attempts: draft.attempts,
        name: draft.draft?.manifest.name ?? null,
        tests: draft.report ?? null,
        modelMs: draft.modelMs,
        workMs: draft.workMs,
      };
      if (draft.status !== "passed") {
        return {
          ...fail(
            "TESTS_FAILED",
            `the tool's tests still failed after ${draft.attempts} attempts: ${draft.lastFailure ?? ""}`.trim(),
          ),
          data,
        };
      }
      return ok(
        `Draft ${draft.id}: ${draft.draft?.manifest.name} passed all ${draft.report?.passed} tests in the sandbox. Ask the user to review and register it with tools_register (draft ${draft.id}).`,
        data,
      );
    },
  });
  const register = defineTool<z.infer<typeof registerArgs>>({
    name: "tools_register",
    group: "factory",
    description: "Register a tested tool draft after the user reviews its manifest, code and test results.",
    parameters: parametersFrom(registerArgs),
    says: () => "Add the drafted tool to Jarvis",
    effects: ["write", "exec"],
    // Adding code the agent can run always goes to the person, whatever the autonomy level.
    risk: "destructive",
    preview: ({ draft }) => factory.review(draft),
    async execute({ draft }) {
      const registered = factory.register(draft);
      return {
        ...ok(`${registered.replaced ? "Updated" : "Registered"} the tool ${registered.name}.`, registered),
        record: `registered generated tool ${registered.name} ${registered.hash} at tier ${registered.tier}`,
      };
    },
  });
  const remove = defineTool<z.infer<typeof removeArgs>>({
    name: "tools_remove",
    group: "factory",
    description: "Remove a generated tool.",
    parameters: parametersFrom(removeArgs),
    says: ({ name }) => `Remove the tool you made, "${name}"`,
    effects: ["delete"],
    risk: "dangerous",
    async execute({ name }) {
      factory.remove(name);
      return { ...ok(`Removed the tool ${name}.`), record: `removed generated tool ${name}` };
    },
  });
  return [make, register, remove];
}
