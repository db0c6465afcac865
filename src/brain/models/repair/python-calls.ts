/**
 * Python-style calls as some models write them (`get_weather(city="Paris", days=3)`, a list of
 * them, or `api.name(...)`): keyword arguments with literal values only — strings, numbers,
 * True/False/None, lists and dicts of those. Positional arguments, expressions and variables
 * are refused: there is no unambiguous way to turn them into named arguments.
 */
export type PythonCalls =
  | { ok: true; calls: Array<{ name: string; args: Record<string, unknown> }> }
  | { ok: false; error: string };

export function parsePythonCalls(text: string): PythonCalls {
  const p = new PythonReader(text);
  try {
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    p.skip();
    while (!p.atEnd) {
      calls.push(p.call());
      p.skip();
      if (p.peek() === ",") {
        p.pos += 1;
        p.skip();
      } else if (!p.atEnd) p.fail("expected another call");
    }
    return { ok: true, calls };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

class PythonReader {
  pos = 0;
  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.pos];
  }

  fail(what: string): never {
    throw new SyntaxError(`${what} at character ${this.pos}`);
  }

  skip(): void {
    while (/\s/.test(this.text[this.pos] ?? "")) this.pos += 1;
  }

  call(): { name: string; args: Record<string, unknown> } {
    const name = /^[A-Za-z_][\w.]*/.exec(this.text.slice(this.pos))?.[0];
    if (!name) this.fail("expected a function name");
    this.pos += name.length;
    this.skip();
    if (this.peek() !== "(") this.fail("expected (");
    this.pos += 1;
    const args: Record<string, unknown> = {};
    for (;;) {
      this.skip();
      if (this.peek() === ")") {
        this.pos += 1;
        return { name, args };
      }
      const key = /^[A-Za-z_]\w*/.exec(this.text.slice(this.pos))?.[0];
      if (!key) this.fail("expected a keyword argument");
      this.pos += key.length;
      this.skip();
      if (this.peek() !== "=") this.fail("only keyword arguments can be read");
      this.pos += 1;
      args[key] = this.value();
      this.skip();
      if (this.peek() === ",") this.pos += 1;
      else if (this.peek() !== ")") this.fail("expected , or )");
    }
  }

  value(): unknown {
    this.skip();
    const c = this.peek();
    if (c === '"' || c === "'") return this.string(c);
    if (c === "[") return this.sequence("]");
    if (c === "{") return this.dict();
    const literal = /^(?:-?\d+(?:\.\d+)?|True|False|None|true|false|null)\b/.exec(
      this.text.slice(this.pos),
    )?.[0];
    if (!literal) this.fail("only literal values can be read");
    this.pos += literal.length;
    if (literal === "True" || literal === "true") return true;
    if (literal === "False" || literal === "false") return false;
    if (literal === "None" || literal === "null") return null;
    return Number(literal);
  }

  string(quote: string): string {
    const triple = this.text.startsWith(quote.repeat(3), this.pos);
    const end = triple ? quote.repeat(3) : quote;
    this.pos += end.length;
    let out = "";
    while (!this.text.startsWith(end, this.pos)) {
      if (this.atEnd) this.fail("the text ends inside a string");
      const c = this.text[this.pos]!;
      if (c === "\\") {
        const e = this.text[this.pos + 1] ?? "";
        out += ({ n: "\n", t: "\t", "\\": "\\", "'": "'", '"': '"' } as Record<string, string>)[e] ?? e;
        this.pos += 2;
        continue;
      }
      out += c;
      this.pos += 1;
    }
    this.pos += end.length;
    return out;
  }

  sequence(close: string): unknown[] {
    this.pos += 1;
    const out: unknown[] = [];
    for (;;) {
      this.skip();
      if (this.peek() === close) {
        this.pos += 1;
        return out;
      }
      out.push(this.value());
      this.skip();
      if (this.peek() === ",") this.pos += 1;
      else if (this.peek() !== close) this.fail(`expected , or ${close}`);
    }
  }

  dict(): Record<string, unknown> {
    this.pos += 1;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skip();
      if (this.peek() === "}") {
        this.pos += 1;
        return out;
      }
      const key = this.value();
      if (typeof key !== "string") this.fail("dict keys must be strings");
      this.skip();
      if (this.peek() !== ":") this.fail("expected :");
      this.pos += 1;
      out[key] = this.value();
      this.skip();
      if (this.peek() === ",") this.pos += 1;
      else if (this.peek() !== "}") this.fail("expected , or }");
    }
  }
}
