import { balancedEnd, parseLenient } from "./lenient-json.js";
import { parsePythonCalls } from "./python-calls.js";

/** A tool call found in a model's text, before its arguments meet the schema. */
export interface TextCall {
  name: string;
  args: unknown;
  /** How it was written, for the record ("<tool_call> block", "JSON in the answer"). */
  shape: string;
  fixes: string[];
}

export interface TextCalls {
  calls: TextCall[];
  /** The text without the calls and without reasoning blocks: what the user may read. */
  text: string;
  /** Tool-call markup that could not be read: the model is told, nothing is run. */
  problem?: string | undefined;
}

/** Prose around a fenced JSON call beyond which the block reads as an example, not a call. */
const MAX_PROSE_AROUND_CALL = 300;

/** Reasoning some models put in their answer text; never shown, never parsed for calls. */
const THINK = /<think>[\s\S]*?(?:<\/think>|$)|<thinking>[\s\S]*?(?:<\/thinking>|$)|^[\s\S]*?<\/think>/g;

/** Special tokens and tags that only ever start a tool call. */
const MARKUP =
  /<tool_call>|<\/?function(?:=|_call|call)|\[TOOL_CALLS\]|<\|python_tag\|>|<｜tool▁call|<\|tool_call|```tool_code/;

/**
 * Reads tool calls that arrived as text — the shapes local servers pass through when their
 * chat template did not parse the model's call: `<tool_call>` JSON (Hermes, Qwen), Qwen-Coder's
 * `<function=…><parameter=…>` XML, Llama's `<function=…>` and `<|python_tag|>`, Mistral's
 * `[TOOL_CALLS]`, DeepSeek's tool-call tokens, Gemma's `tool_code` print calls, a bare or
 * fenced JSON object naming a tool, and Python-style `tool(arg=…)` lists.
 *
 * Markup is an explicit call whatever it names (an unknown name is refused later, by name);
 * plain JSON or Python-style text counts only when it names one of `known` tools, so an answer
 * that merely contains JSON is left alone.
 */
export function extractTextCalls(raw: string, known: ReadonlySet<string>): TextCalls {
  if (!raw) return { calls: [], text: "" };
  const text = raw.replace(THINK, "").trim();
  if (!text) return { calls: [], text: "" };
  if (MARKUP.test(text)) return fromMarkup(text);
  return fromPlainText(text, known);
}

function fromMarkup(text: string): TextCalls {
  const calls: TextCall[] = [];
  const problems: string[] = [];
  let rest = text;
  const take = (pattern: RegExp, read: (m: RegExpExecArray) => void) => {
    rest = rest.replace(pattern, (...args) => {
      read(args.slice(0, -2) as unknown as RegExpExecArray);
      return " ";
    });
  };
  // Qwen-Coder XML: <function=name><parameter=key>value</parameter>…</function>
  take(
    /<function=([\w.-]+)>\s*((?:<parameter=[\w.-]+>[\s\S]*?<\/parameter>\s*)+)(?:<\/function>|$)/g,
    (m) => {
      const args: Record<string, string> = {};
      for (const p of m[2]!.matchAll(/<parameter=([\w.-]+)>\n?([\s\S]*?)\n?<\/parameter>/g))
        args[p[1]!] = p[2]!;
      calls.push({ name: m[1]!, args, shape: "XML <function=…> call", fixes: [] });
    },
  );
  // Llama-style <function=name>{json}</function> (closing tag sometimes left off)
  take(/<function=([\w.-]+)>\s*(\{[\s\S]*?\})\s*(?:<\/function>|(?=<function=)|$)/g, (m) =>
    pushJson(calls, problems, m[2]!, "<function=…> JSON call", m[1]),
  );
  // Gemma 4: <|tool_call>call:name{key:<|"|>text<|"|>,n:1}<tool_call|> (its own string quotes)
  take(/<\|tool_call>\s*call:([\w.-]+)\s*(\{[\s\S]*?\})\s*(?:<tool_call\|>|$)/g, (m) =>
    pushJson(calls, problems, gemmaStrings(m[2]!), "Gemma <|tool_call> call", m[1]),
  );
  // Granite, Phi: <|tool_call|>[{json}, …]<|/tool_call|>
  take(/<\|tool_call\|>\s*([\s\S]*?)\s*(?:<\|\/tool_call\|>|$)/g, (m) =>
    pushJson(calls, problems, m[1]!, "<|tool_call|> list"),
  );
  // Hermes/Qwen <tool_call>{json}</tool_call>, and <function_call>/<functioncall> variants
  take(/<(tool_call|function_?call)>\s*([\s\S]*?)\s*(?:<\/\1>|(?=<\1>)|$)/g, (m) => {
    // An empty block is what is left around a call read above (Qwen-Coder XML inside it)
    if (m[2]!.trim()) pushJson(calls, problems, stripFence(m[2]!), `<${m[1]}> block`);
  });
  // DeepSeek: <｜tool▁call▁begin｜>function<｜tool▁sep｜>name ```json {…} ```<｜tool▁call▁end｜>
  take(
    /<｜tool▁call▁begin｜>\s*(?:function)?\s*<｜tool▁sep｜>\s*([\w.-]+)\s*([\s\S]*?)<｜tool▁call▁end｜>/g,
    (m) => pushJson(calls, problems, stripFence(m[2]!), "DeepSeek tool-call tokens", m[1]),
  );
  take(/<｜tool▁calls?▁(?:begin|end)｜>/g, () => undefined);
  // Mistral [TOOL_CALLS] name[ARGS]{json}, or [TOOL_CALLS] [{…}, …]
  take(/\[TOOL_CALLS\]\s*([\w.-]+)\s*\[ARGS\]\s*(\{[\s\S]*?\})(?=\s*\[TOOL_CALLS\]|\s*$)/g, (m) =>
    pushJson(calls, problems, m[2]!, "[TOOL_CALLS] call", m[1]),
  );
  take(/\[TOOL_CALLS\]\s*([\s\S]*)$/g, (m) => pushJson(calls, problems, m[1]!.trim(), "[TOOL_CALLS] list"));
  // Llama <|python_tag|>{json} (or a Python-style call)
  take(/<\|python_tag\|>\s*([\s\S]*?)\s*(?:<\|eom_id\|>|<\|eot_id\|>|$)/g, (m) => {
    const body = m[1]!.trim();
    if (body.startsWith("{") || body.startsWith("[")) pushJson(calls, problems, body, "<|python_tag|> call");
    else pushPython(calls, problems, body, "<|python_tag|> Python call");
  });
  // Gemma ```tool_code print(api.name(arg=…))```
  take(/```tool_code\s*([\s\S]*?)```/g, (m) => pushPython(calls, problems, m[1]!.trim(), "tool_code block"));
  if (
    /<tool_call>|<function=|\[TOOL_CALLS\]|<\|python_tag\|>|<｜tool▁call|<\|tool_call|```tool_code/.test(rest)
  )
    problems.push("tool-call markup that could not be read");
  return {
    calls,
    text: tidy(rest),
    ...(problems.length > 0 ? { problem: problems.join("; ") } : {}),
  };
}

function fromPlainText(text: string, known: ReadonlySet<string>): TextCalls {
  // A fenced block, or the whole answer, holding JSON that names a tool
  const fenced = /```(?:json|tool_call|tool|function)?\s*\n?([\s\S]*?)```/g;
  const calls: TextCall[] = [];
  let rest = text.replace(fenced, (whole, body: string) => {
    const found = callsInJson(body.trim(), known, "JSON in a code block");
    if (found.length === 0) return whole;
    calls.push(...found);
    return " ";
  });
  // A code block inside a long explanation is an example for the reader, not a call
  if (calls.length > 0 && rest.trim().length > MAX_PROSE_AROUND_CALL) return { calls: [], text: tidy(text) };
  const trimmed = rest.trim();
  if (calls.length === 0 && /^[[{]/.test(trimmed)) {
    const end = balancedEnd(trimmed, 0);
    const found = callsInJson(trimmed.slice(0, end < 0 ? undefined : end), known, "JSON as the whole answer");
    if (found.length > 0) {
      calls.push(...found);
      rest = end < 0 ? "" : trimmed.slice(end);
      // More objects after the first ("{…} {…}"), each a call of its own
      while (/^\s*\{/.test(rest)) {
        const start = rest.indexOf("{");
        const next = balancedEnd(rest, start);
        const more = callsInJson(
          rest.slice(start, next < 0 ? undefined : next),
          known,
          "JSON as the whole answer",
        );
        if (more.length === 0) break;
        calls.push(...more);
        rest = next < 0 ? "" : rest.slice(next);
      }
    }
  }
  if (calls.length === 0) {
    // ReAct style: "Action: name" then "Action Input: {json}"
    const react = /^\s*Action:\s*([\w.-]+)\s*\n\s*Action Input:\s*([\s\S]+?)\s*$/m.exec(rest);
    if (react && known.has(stripPrefix(react[1]!))) {
      const parsed = parseLenient(react[2]!.replace(/^```(?:json)?\s*|\s*```$/g, ""));
      if (parsed.ok) {
        calls.push({
          name: react[1]!,
          args: parsed.value,
          shape: "Action / Action Input lines",
          fixes: parsed.fixes,
        });
        rest = rest.slice(0, react.index);
      }
    }
  }
  if (calls.length === 0) {
    // name({json}): written like a function call with one JSON object argument
    const called = /^\s*([\w.]+)\s*\(\s*(\{[\s\S]*\})\s*\)\s*;?\s*$/.exec(rest);
    if (called && known.has(stripPrefix(called[1]!))) {
      const parsed = parseLenient(called[2]!);
      if (parsed.ok) {
        calls.push({ name: called[1]!, args: parsed.value, shape: "name({…}) call", fixes: parsed.fixes });
        rest = "";
      }
    }
  }
  if (calls.length === 0) {
    // Python-style [tool(a=1), tool2(b="x")] or tool(a=1) as the whole answer
    // (only text shaped like one: most answers are prose, and a failed parse costs an exception)
    const python = /^\[?\s*[A-Za-z_][\w.]*\s*\([\s\S]*\)\s*\]?$/.test(trimmed)
      ? parsePythonCalls(trimmed.replace(/^\[|\]$/g, ""))
      : undefined;
    if (python?.ok && python.calls.length > 0 && python.calls.every((c) => known.has(stripPrefix(c.name)))) {
      for (const call of python.calls)
        calls.push({ name: call.name, args: call.args, shape: "Python-style call", fixes: [] });
      rest = "";
    }
  }
  return { calls, text: tidy(rest) };
}

/** A call object in any of the shapes models use, or a list of them; only known names count. */
function callsInJson(body: string, known: ReadonlySet<string>, shape: string): TextCall[] {
  if (!/^[[{]/.test(body)) return [];
  const parsed = parseLenient(body);
  if (!parsed.ok) return [];
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const calls: TextCall[] = [];
  for (const item of items) {
    const call = callObject(item);
    if (!call || !known.has(stripPrefix(call.name))) return [];
    calls.push({ ...call, shape, fixes: parsed.fixes });
  }
  return calls;
}

function pushJson(calls: TextCall[], problems: string[], body: string, shape: string, name?: string): void {
  const parsed = parseLenient(body);
  if (!parsed.ok) {
    problems.push(`${name ? `the call to ${name}` : "a tool call"} is not valid JSON (${parsed.error})`);
    return;
  }
  if (name) {
    calls.push({ name, args: parsed.value, shape, fixes: parsed.fixes });
    return;
  }
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  for (const item of items) {
    const call = callObject(item);
    if (call) calls.push({ ...call, shape, fixes: parsed.fixes });
    else problems.push("a tool call without a tool name");
  }
}

function pushPython(calls: TextCall[], problems: string[], body: string, shape: string): void {
  const inner = /^print\(([\s\S]*)\)$/.exec(body)?.[1] ?? body;
  const parsed = parsePythonCalls(inner);
  if (!parsed.ok || parsed.calls.length === 0) {
    problems.push(
      `a Python-style tool call that could not be read (${parsed.ok ? "no call" : parsed.error})`,
    );
    return;
  }
  for (const call of parsed.calls) calls.push({ name: call.name, args: call.args, shape, fixes: [] });
}

/** `{name, arguments}`, `{name, parameters}`, `{tool, args}`, `{function: {…}}`, `{tool_call: {…}}`. */
function callObject(item: unknown): { name: string; args: unknown } | undefined {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return undefined;
  const o = item as Record<string, unknown>;
  for (const wrapper of ["function", "tool_call", "function_call", "call"]) {
    if (o[wrapper] && typeof o[wrapper] === "object" && !Array.isArray(o[wrapper])) {
      const inner = callObject(o[wrapper]);
      if (inner) return inner;
    }
  }
  const rpc = o.jsonrpc !== undefined ? o.method : undefined;
  const name = [o.name, o.tool, o.tool_name, o.function, o.action, rpc].find((v) => typeof v === "string") as
    | string
    | undefined;
  if (!name) return undefined;
  const args = o.arguments ?? o.parameters ?? o.args ?? o.input ?? o.action_input ?? o.params;
  return { name, args: args === undefined ? {} : args };
}

/** Gemma's `<|"|>…<|"|>` string quotes as JSON strings (their content escaped as JSON). */
function gemmaStrings(body: string): string {
  return body.replace(/<\|"\|>([\s\S]*?)<\|"\|>/g, (_whole, text: string) => JSON.stringify(text));
}

function stripFence(body: string): string {
  return body.replace(/^```(?:json)?\s*/, "").replace(/\s*```$/, "");
}

/** `functions.files_read`, `default_api.files_read` → `files_read`. */
export function stripPrefix(name: string): string {
  return name.replace(/^(?:functions|function|default_api|tools|tool|api)\./, "");
}

function tidy(text: string): string {
  return text
    .replace(/<\|(?:eot_id|eom_id|im_end)\|>/g, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
