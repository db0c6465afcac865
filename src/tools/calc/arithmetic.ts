/**
 * Plain arithmetic (numbers, + - * / ^, parentheses, unary minus) evaluated without mathjs:
 * mathjs takes over a second to load, and "what's 15% of 240" should answer in milliseconds.
 * Returns undefined for anything else (units, functions, constants), which mathjs then handles.
 */
export function evaluateArithmetic(expression: string): number | undefined {
  if (!/^[\d\s.+\-*/^()]+$/.test(expression)) return undefined;
  const tokens = expression.match(/\d+(?:\.\d+)?|\.\d+|[+\-*/^()]/g);
  if (!tokens || tokens.join("") !== expression.replace(/\s+/g, "")) return undefined;
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];

  // expression := term (("+" | "-") term)*
  const parseExpression = (): number => {
    let value = parseTerm();
    while (peek() === "+" || peek() === "-")
      value = next() === "+" ? value + parseTerm() : value - parseTerm();
    return value;
  };
  // term := power (("*" | "/") power)*
  const parseTerm = (): number => {
    let value = parsePower();
    while (peek() === "*" || peek() === "/")
      value = next() === "*" ? value * parsePower() : value / parsePower();
    return value;
  };
  // power := unary ("^" power)?   (right-associative, like mathjs)
  const parsePower = (): number => {
    const base = parseUnary();
    if (peek() !== "^") return base;
    next();
    return base ** parsePower();
  };
  // unary := ("-" | "+") unary | primary
  const parseUnary = (): number => {
    if (peek() === "-") {
      next();
      return -parseUnary();
    }
    if (peek() === "+") {
      next();
      return parseUnary();
    }
    return parsePrimary();
  };
  const parsePrimary = (): number => {
    const token = next();
    if (token === "(") {
      const value = parseExpression();
      if (next() !== ")") throw new SyntaxError("unbalanced parentheses");
      return value;
    }
    if (token === undefined || !/^[\d.]/.test(token)) throw new SyntaxError("expected a number");
    return Number(token);
  };

  try {
    const value = parseExpression();
    return position === tokens.length ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Twelve significant digits, trailing zeros dropped (as mathjs formats with precision 12). */
export function formatNumber(value: number): string {
  return String(Number.parseFloat(value.toPrecision(12)));
}
