import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../core/logger.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import { createRunScope } from "../../gate/scope.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { Calculator } from "./evaluate.js";
import { createCalcTools } from "./index.js";

const calculator = new Calculator();
const result = async (expression: string) => (await calculator.calculate(expression)).result;

describe("calc_evaluate (restricted mathjs)", () => {
  it.each([
    ["12 * 8", "96"],
    ["144 / 12", "12"],
    ["(4 + 6) * 3", "30"],
    ["2^10", "1024"],
    ["15% of 240", "36"],
    ["15 / 100 * 240", "36"],
    ["240 + 15%", "276"],
    ["sqrt(81)", "9"],
    ["9 ^2", "81"],
    ["10 mod 3", "1"],
    ["5!", "120"],
    ["3.5 × 4", "14"],
    ["1 / 3", "0.333333333333"],
    ["cos(pi)", "-1"],
    ["5 mi to km", "8.04672 km"],
    ["100 degF to degC", "37.77777778 degC"],
    ["10 kg to lb", "22.04622622 lb"],
    ["3 inch to cm", "7.62 cm"],
    ["1 / 0", "infinity"],
  ])("%s = %s", async (expression, expected) => {
    expect(await result(expression)).toBe(expected);
  });

  it.each([
    ["import({x: 1})", /function "import" is not allowed/],
    ['createUnit("foo")', /function "createUnit" is not allowed/],
    ['evaluate("1+1")', /function "evaluate" is not allowed/],
    ["x = 5", /assignment expressions are not allowed/],
    ["f(x) = x^2", /functionassignment expressions are not allowed/],
    ["zeros(100000, 100000)", /function "zeros" is not allowed/],
    ["[1, 2, 3]", /array expressions are not allowed/],
    ["a.b", /accessor expressions are not allowed/],
    ["{a: 1}", /object expressions are not allowed/],
    ["1:100000000", /range expressions are not allowed/],
    ['"text"', /only numbers are allowed/],
    ["foo + 1", /"foo" is not a number, constant or unit/],
    ["100000!", /factorial only of a number up to 170/],
    ["sqrt(-1)", /no real-number result/],
    ["1 +", /cannot calculate that/],
    ["", /the expression is empty/],
    [`${"1+".repeat(200)}1`, /longer than 300 characters/],
  ])("refuses %s", async (expression, message) => {
    await expect(calculator.calculate(expression)).rejects.toThrow(message);
  });
});

describe("calc_evaluate through the gate", () => {
  let temp: TempHome;
  let runtime: Runtime;
  beforeEach(() => {
    temp = createTempHome();
    runtime = createRuntime({ env: temp.env, logger: silentLogger, tools: (deps) => createCalcTools(deps) });
  });
  afterEach(async () => {
    await runtime.close();
    temp.cleanup();
  });
  const scope = () =>
    createRunScope({
      runId: "run_1",
      userText: [],
      broker: new FixedConfirmationBroker("deny"),
    });

  it("answers, and refuses with one clear line", async () => {
    const good = await runtime.gate.call(
      { tool: "calc_evaluate", args: { expression: "15% of 240" } },
      scope(),
    );
    expect(good.result!.output).toBe("(15 / 100) * 240 = 36");
    const bad = await runtime.gate.call(
      { tool: "calc_evaluate", args: { expression: "import({})" } },
      scope(),
    );
    expect(bad.status).toBe("failed");
    expect(bad.code).toBe("ARGS_INVALID");
    expect(bad.observation.split("\n")).toHaveLength(1);
    const missing = await runtime.gate.call({ tool: "calc_evaluate", args: {} }, scope());
    expect(missing.code).toBe("ARGS_INVALID");
  });
});
