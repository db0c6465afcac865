import { z } from "zod";
import { isJarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { Calculator, MAX_EXPRESSION_LENGTH } from "./evaluate.js";

export { Calculator } from "./evaluate.js";

const args = z.object({
  expression: z
    .string()
    .min(1)
    .max(MAX_EXPRESSION_LENGTH)
    .describe('arithmetic or a unit conversion in mathjs syntax, e.g. "12 * 8", "15% of 240", "5 mi to km"'),
});

/** calc_evaluate: arithmetic, percentages and unit conversion with a locked-down mathjs. */
export function createCalcTools(_deps: ToolDeps): ToolDefinition[] {
  const calculator = new Calculator();
  return [
    defineTool<z.infer<typeof args>>({
      name: "calc_evaluate",
      group: "calc",
      description: "Calculate arithmetic, percentages (15% of 240) and unit conversions (5 mi to km).",
      parameters: parametersFrom(args),
      effects: ["read"],
      risk: "safe",
      async execute(input, ctx) {
        ctx.signal.throwIfAborted();
        try {
          const result = await calculator.calculate(input.expression);
          return ok(`${result.expression} = ${result.result}`, result);
        } catch (error) {
          if (isJarvisError(error)) return fail(error.code, error.message);
          throw error;
        }
      },
    }),
  ];
}
