/**
 * A JSON reader that accepts what small models write when they almost write JSON, and says
 * what it had to forgive: single quotes, unquoted keys, trailing commas, Python's
 * True/False/None, comments, raw line breaks inside strings, and closing brackets missing at
 * the very end. Anything else — a stray quote inside a string, text cut off inside a value,
 * two values where one was expected — is an error: a guess is never returned as a value.
 */
export type LenientResult = { ok: true; value: unknown; fixes: string[] } | { ok: false; error: string };

class Reader {
  pos = 0;
  readonly fixes = new Set<string>();

  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new SyntaxError(`${what} at character ${this.pos}`);
  }

  skip(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === " " || c === "\n" || c === "\r" || c === "\t") this.pos += 1;
      else if (c === "\\" && /[nrt]/.test(this.text[this.pos + 1] ?? "")) {
        // A line break written as the two characters \n between values: whitespace, nothing else
        this.fixes.add("escaped line break between values");
        this.pos += 2;
      } else if (c === "/" && this.text[this.pos + 1] === "/") {
        this.fixes.add("comment");
        while (this.pos < this.text.length && this.text[this.pos] !== "\n") this.pos += 1;
      } else if (c === "/" && this.text[this.pos + 1] === "*") {
        this.fixes.add("comment");
        const end = this.text.indexOf("*/", this.pos + 2);
        if (end < 0) this.fail("unterminated comment");
        this.pos = end + 2;
      } else return;
    }
  }

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  value(): unknown {
    this.skip();
    const c = this.text[this.pos];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"' || c === "'") return this.string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.number();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos))?.[0];
    if (word === "true" || word === "false" || word === "null") {
      this.pos += word.length;
      return word === "true" ? true : word === "false" ? false : null;
    }
    if (word === "True" || word === "False" || word === "None") {
      this.fixes.add("Python literal");
      this.pos += word.length;
      return word === "True" ? true : word === "False" ? false : null;
    }
    if (this.atEnd) this.fail("the text ends where a value was expected");
    return this.fail(`unexpected ${JSON.stringify(c)}`);
  }

  object(): Record<string, unknown> {
    this.pos += 1;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skip();
      if (this.atEnd) return this.closeAtEnd(out, "}");
      if (this.text[this.pos] === "}") {
        this.pos += 1;
        return out;
      }
      const key = this.key();
      this.skip();
      if (this.text[this.pos] !== ":") this.fail(`expected ":" after "${key}"`);
      this.pos += 1;
      if (Object.hasOwn(out, key)) this.fail(`key "${key}" given twice`);
      out[key] = this.value();
      this.skip();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos += 1;
        this.skip();
        if (this.text[this.pos] === "}") this.fixes.add("trailing comma");
      } else if (c === "}") {
        this.pos += 1;
        return out;
      } else if (this.atEnd) return this.closeAtEnd(out, "}");
      else this.fail(`expected "," or "}" but found ${JSON.stringify(c)}`);
    }
  }

  array(): unknown[] {
    this.pos += 1;
    const out: unknown[] = [];
    for (;;) {
      this.skip();
      if (this.atEnd) return this.closeAtEnd(out, "]");
      if (this.text[this.pos] === "]") {
        this.pos += 1;
        return out;
      }
      out.push(this.value());
      this.skip();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos += 1;
        this.skip();
        if (this.text[this.pos] === "]") this.fixes.add("trailing comma");
      } else if (c === "]") {
        this.pos += 1;
        return out;
      } else if (this.atEnd) return this.closeAtEnd(out, "]");
      else this.fail(`expected "," or "]" but found ${JSON.stringify(c)}`);
    }
  }

  /** The text ended after a complete value: the model stopped before its last brackets. */
  private closeAtEnd<T>(value: T, bracket: string): T {
    this.fixes.add(`missing "${bracket}" at the end`);
    return value;
  }

  key(): string {
    const c = this.text[this.pos];
    if (c === '"' || c === "'") return this.string();
    const word = /^[A-Za-z_$][A-Za-z0-9_$-]*/.exec(this.text.slice(this.pos))?.[0];
    if (!word) this.fail(`expected a key but found ${JSON.stringify(c ?? "the end")}`);
    this.fixes.add("unquoted key");
    this.pos += word.length;
    return word;
  }

  string(): string {
    const quote = this.text[this.pos]!;
    if (quote === "'") this.fixes.add("single quotes");
    this.pos += 1;
    let out = "";
    for (;;) {
      if (this.atEnd) this.fail("the text ends inside a string");
      const c = this.text[this.pos]!;
      if (c === quote) {
        this.pos += 1;
        // A quote followed by more string-ish text is a quote the model did not escape: ambiguous
        const next = /^(?:\s|\\[nrt])*(.)/.exec(this.text.slice(this.pos))?.[1];
        if (next !== undefined && !",:}]".includes(next) && quote === '"')
          this.fail("unescaped quote inside a string");
        return out;
      }
      if (c === "\\") {
        const e = this.text[this.pos + 1];
        const map: Record<string, string> = {
          n: "\n",
          t: "\t",
          r: "\r",
          b: "\b",
          f: "\f",
          "/": "/",
          "\\": "\\",
          '"': '"',
          "'": "'",
        };
        if (e === "u") {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("bad \\u escape");
          out += String.fromCharCode(Number.parseInt(hex, 16));
          this.pos += 6;
          continue;
        }
        if (e === undefined || map[e] === undefined) this.fail("bad escape");
        out += map[e];
        this.pos += 2;
        continue;
      }
      if (c === "\n" || c === "\r" || c === "\t") this.fixes.add("raw line break in a string");
      out += c;
      this.pos += 1;
    }
  }

  number(): number {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos));
    if (!m) this.fail("bad number");
    this.pos += m[0].length;
    return Number(m[0]);
  }
}

/** Parses JSON or near-JSON; the whole text must be one value (surrounding space allowed). */
export function parseLenient(text: string): LenientResult {
  try {
    return { ok: true, value: JSON.parse(text), fixes: [] };
  } catch {
    // fall through to the forgiving reader
  }
  const reader = new Reader(text);
  try {
    const value = reader.value();
    reader.skip();
    // Stray closing brackets after a complete object: the model closed it once too often
    if (/^[}\]\s]+$/.test(text.slice(reader.pos)) && !reader.atEnd) {
      reader.fixes.add("extra closing bracket at the end");
      reader.pos = text.length;
    }
    if (!reader.atEnd) reader.fail("more text after the value");
    return { ok: true, value, fixes: [...reader.fixes] };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * The end of the balanced JSON value starting at `start` (a `{` or `[`), skipping brackets
 * inside strings; -1 when it never closes.
 */
export function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i += 1;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "{" || c === "[") stack.push(c === "{" ? "}" : "]");
    else if (c === "}" || c === "]") {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}
