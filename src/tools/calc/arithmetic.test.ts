import { describe, expect, it } from "vitest";
import { evaluateArithmetic, formatNumber } from "./arithmetic.js";

describe("plain arithmetic", () => {
  it("follows precedence, associativity, unary minus and parentheses", () => {
    expect(evaluateArithmetic("(15 / 100) * 240")).toBe(36);
    expect(evaluateArithmetic("2 + 3 * 4")).toBe(14);
    expect(evaluateArithmetic("2 ^ 3 ^ 2")).toBe(512);
    expect(evaluateArithmetic("-(2 + 3) * -2")).toBe(10);
    expect(evaluateArithmetic("1 / 0")).toBe(Number.POSITIVE_INFINITY);
    expect(evaluateArithmetic(".5 + 1.25")).toBe(1.75);
  });

  it("leaves everything else to mathjs, and refuses malformed input", () => {
    for (const expression of [
      "5 km to miles",
      "sqrt(16)",
      "pi * 2",
      "15%",
      "2 +",
      "(1 + 2",
      "1 2",
      "1..2",
      "",
    ]) {
      expect(evaluateArithmetic(expression), expression).toBeUndefined();
    }
  });

  it("formats like mathjs with twelve significant digits", () => {
    expect(formatNumber(1 / 3)).toBe("0.333333333333");
    expect(formatNumber(36)).toBe("36");
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
  });
});
