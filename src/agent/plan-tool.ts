import { z } from "zod";
import type { PlanStep } from "../core/events.js";
import { parametersFrom } from "../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../core/tool.js";

export const PLAN_TOOL = "plan_update";

const stepSchema = z.object({
  id: z.string().min(1).max(40).optional().describe("stable id; defaults to the position"),
  title: z.string().min(1).max(200),
  status: z.enum(["pending", "running", "done", "failed"]),
});

const planSchema = z.object({
  steps: z.array(stepSchema).min(1).max(50).describe("the whole plan, every step with its current status"),
  size: z
    .enum(["quick", "medium", "complex"])
    .optional()
    .describe("how big the task is, if larger than it first looked (raises the round and time limits)"),
});

type PlanArgs = z.infer<typeof planSchema>;

/**
 * The visible plan is a tool the proposer keeps current (seed 000). It has no effect on the
 * world (safe, no effects) and still goes through the gate like every call; each update
 * streams as a `plan_updated` event.
 */
export function planTool(): ToolDefinition {
  return defineTool<PlanArgs>({
    name: PLAN_TOOL,
    group: "agent",
    description:
      "Show the user your plan for a multi-step task and keep it current: send every step with its status (pending, running, done, failed) whenever a step starts or ends. Optional `size` if the task is bigger than it first looked.",
    parameters: parametersFrom(planSchema),
    effects: [],
    risk: "safe",
    async execute(args, ctx) {
      const steps: PlanStep[] = args.steps.map((step, index) => ({
        id: step.id ?? String(index + 1),
        title: step.title,
        status: step.status,
      }));
      ctx.emit?.({ type: "plan_updated", data: { steps } });
      if (args.size && args.size !== "quick") ctx.task?.grow(args.size);
      const done = steps.filter((s) => s.status === "done").length;
      return ok(`plan updated: ${done}/${steps.length} steps done`, { steps });
    },
  });
}
