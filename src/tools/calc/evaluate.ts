import { JarvisError } from "../../core/errors.js";
import { evaluateArithmetic, formatNumber } from "./arithmetic.js";

/**
 * A restricted mathjs: the expression is parsed, every node is checked against an allowlist
 * (numbers, arithmetic, known functions, constants, units, unit conversion), and only then
 * evaluated in an instance whose import/createUnit/evaluate/parse are disabled. No variables,
 * no assignments, no function definitions, no matrices, no strings, no property access.
 */
type MathNode = {
  type: string;
  fn?: string | { name: string };
  op?: string;
  name?: string;
  value?: unknown;
  args?: MathNode[];
  content?: MathNode;
};
type MathApi = {
  parse(expression: string): MathNode;
  compile(expression: string): { evaluate(scope: Map<string, unknown>): unknown };
  format(value: unknown, options: { precision: number }): string;
  Unit: { isValuelessUnit(name: string): boolean };
  typeOf(value: unknown): string;
};

export const MAX_EXPRESSION_LENGTH = 300;

const OPERATORS = new Set([
  "add",
  "subtract",
  "multiply",
  "divide",
  "pow",
  "unaryMinus",
  "unaryPlus",
  "mod",
  "factorial",
  "to",
  "dotMultiply",
  "dotDivide",
  "larger",
  "smaller",
  "largerEq",
  "smallerEq",
  "equal",
  "unequal",
]);
const FUNCTIONS = new Set([
  "sqrt",
  "cbrt",
  "abs",
  "round",
  "floor",
  "ceil",
  "exp",
  "log",
  "log10",
  "log2",
  "sin",
  "cos",
  "tan",
  "asin",
  "acos",
  "atan",
  "sinh",
  "cosh",
  "tanh",
  "pow",
  "min",
  "max",
  "mod",
  "factorial",
  "nthRoot",
  "gcd",
  "lcm",
  "hypot",
  "sign",
]);
const CONSTANTS = new Set(["pi", "e", "tau", "phi", "PI", "E"]);
const MAX_FACTORIAL = 170;
const MAX_NODES = 200;

/** The restricted instance (mathjs is large: loaded on first use, most commands never need it). */
function restrictedMathjs(): Promise<MathApi> {
  return import("mathjs").then(({ create, all }) => {
    const math = create(all!, { number: "number" });
    const refuse = (name: string) => () => {
      throw new Error(`${name} is disabled`);
    };
    const compile = math.compile.bind(math);
    const parse = math.parse.bind(math);
    math.import(
      {
        import: refuse("import"),
        createUnit: refuse("createUnit"),
        evaluate: refuse("evaluate"),
        parse: refuse("parse"),
        compile: refuse("compile"),
        simplify: refuse("simplify"),
        derivative: refuse("derivative"),
        resolve: refuse("resolve"),
        reviver: refuse("reviver"),
        config: refuse("config"),
      },
      { override: true },
    );
    return {
      parse,
      compile,
      format: math.format,
      Unit: math.Unit,
      typeOf: math.typeOf,
    } as unknown as MathApi;
  });
}

/** "15% of 240" → "(15 / 100) * 240"; "×" and "÷" → "*" and "/". */
export function normalizeExpression(expression: string): string {
  return expression
    .replace(/×/g, "*")
    .replace(/÷/g, "/")
    .replace(/(\d+(?:\.\d+)?)\s*%\s*of\s+/gi, "($1 / 100) * ")
    .trim();
}

function check(node: MathNode, math: MathApi, count = { n: 0 }): void {
  if (++count.n > MAX_NODES) throw refuse("the expression is too long");
  switch (node.type) {
    case "ConstantNode":
      if (typeof node.value !== "number" || !Number.isFinite(node.value))
        throw refuse("only numbers are allowed");
      return;
    case "ParenthesisNode":
      if (node.content) check(node.content, math, count);
      return;
    case "SymbolNode":
      if (CONSTANTS.has(node.name ?? "") || math.Unit.isValuelessUnit(node.name ?? "")) return;
      throw refuse(`"${node.name}" is not a number, constant or unit`);
    case "OperatorNode": {
      const fn = typeof node.fn === "string" ? node.fn : node.fn?.name;
      if (!fn || !OPERATORS.has(fn)) throw refuse(`the operator "${node.op}" is not allowed`);
      if (fn === "factorial") {
        const arg = node.args?.[0];
        if (arg?.type !== "ConstantNode" || typeof arg.value !== "number" || arg.value > MAX_FACTORIAL) {
          throw refuse(`factorial only of a number up to ${MAX_FACTORIAL}`);
        }
      }
      for (const arg of node.args ?? []) check(arg, math, count);
      return;
    }
    case "FunctionNode": {
      const name = typeof node.fn === "string" ? node.fn : node.fn?.name;
      if (!name || !FUNCTIONS.has(name)) throw refuse(`the function "${name}" is not allowed`);
      for (const arg of node.args ?? []) check(arg, math, count);
      return;
    }
    default:
      throw refuse(`${node.type.replace(/Node$/, "").toLowerCase()} expressions are not allowed`);
  }
}

function refuse(reason: string): JarvisError {
  return new JarvisError("ARGS_INVALID", `cannot calculate that: ${reason}`);
}

export interface Calculation {
  expression: string;
  result: string;
  value?: number;
}

/** One per tool group; holds the lazily built mathjs instance. */
export class Calculator {
  private math: Promise<MathApi> | undefined;

  calculate(input: string): Promise<Calculation> {
    // mathjs is only loaded when plain arithmetic is not enough (units, functions, constants).
    const math = () => {
      this.math ??= restrictedMathjs();
      return this.math;
    };
    return calculateWith(math, input);
  }
}

async function calculateWith(instance: () => Promise<MathApi>, input: string): Promise<Calculation> {
  if (input.length > MAX_EXPRESSION_LENGTH) throw refuse(`longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const expression = normalizeExpression(input);
  if (!expression) throw refuse("the expression is empty");
  const plain = evaluateArithmetic(expression);
  if (plain !== undefined) {
    if (Number.isNaN(plain)) throw refuse("the result is not a number");
    if (!Number.isFinite(plain))
      return { expression, result: plain > 0 ? "infinity" : "-infinity", value: plain };
    return { expression, result: formatNumber(plain), value: plain };
  }
  const math = await instance();
  let root: MathNode;
  try {
    root = math.parse(expression);
  } catch (error) {
    throw refuse((error as Error).message);
  }
  check(root, math);
  let value: unknown;
  try {
    value = math.compile(expression).evaluate(new Map());
  } catch (error) {
    throw refuse((error as Error).message);
  }
  const type = math.typeOf(value);
  if (type === "number") {
    const n = value as number;
    if (Number.isNaN(n)) throw refuse("the result is not a number");
    if (!Number.isFinite(n)) return { expression, result: n > 0 ? "infinity" : "-infinity", value: n };
    return { expression, result: math.format(n, { precision: 12 }), value: n };
  }
  if (type === "Unit" || type === "boolean")
    return { expression, result: math.format(value, { precision: 10 }) };
  throw refuse(type === "Complex" ? "there is no real-number result" : `the result is a ${type}`);
}
