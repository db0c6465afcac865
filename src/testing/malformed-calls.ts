import { MORE_MALFORMED_CALLS } from "./malformed-calls-values.js";

/**
 * Malformed tool calls as small local models and their servers really send them, one row per
 * shape, each described in our own words from a public report (the `source`). Arguments are
 * checked against the real catalog's schemas (files_read, timer_set, lists_add, …).
 *
 * `expect.run`: the calls that must run (the repair is unambiguous); `expect.sendBack`: nothing
 * may run and the model must be told; `expect.answer`: it is prose, not a call.
 */
export interface MalformedCase {
  id: string;
  source: string;
  shape: string;
  /** What the server handed over: message text, and/or structured calls with raw argument text. */
  reply: { text?: string; calls?: Array<{ name: string; arguments: string }> };
  expect:
    | { run: Array<{ tool: string; args: Record<string, unknown> }> }
    | { sendBack: true }
    | { answer: true };
}

/** The tools every case is offered (real catalog tools, so their real schemas apply). */
export const CORPUS_TOOLS = [
  "files_read",
  "files_search",
  "files_trash",
  "timer_set",
  "lists_add",
  "mail_send",
  "weather_forecast",
  "web_search",
  "media_repeat",
  "system_mute",
  "system_volume_set",
  "reminders_create",
  "memory_remember",
] as const;

const read = (path: string) => ({ run: [{ tool: "files_read", args: { path } }] });
const timer = (duration_s: number, label?: string) => ({
  run: [{ tool: "timer_set", args: { duration_s, ...(label ? { label } : {}) } }],
});

export const MALFORMED_CALLS: readonly MalformedCase[] = [
  // ── calls that arrive as text ─────────────────────────────────────────────────────────
  {
    id: "hermes-tags",
    source: "llama-cpp-python #1784; LM Studio tracker #2115",
    shape: "Qwen/Hermes <tool_call> block with a JSON call inside, left in the message text",
    reply: {
      text: '<tool_call>\n{"name": "files_read", "arguments": {"path": "~/notes/plan.txt"}}\n</tool_call>',
    },
    expect: read("~/notes/plan.txt"),
  },
  {
    id: "hermes-tags-unclosed",
    source: "vLLM #10395 (the parser cut the arguments at the closing tag)",
    shape: "<tool_call> block whose closing tag never comes (the model stopped after the JSON)",
    reply: { text: '<tool_call>\n{"name": "timer_set", "arguments": {"duration_s": 600, "label": "tea"}}' },
    expect: timer(600, "tea"),
  },
  {
    id: "hermes-two-calls",
    source: "llama.cpp PR #16932 (several calls in one reply)",
    shape: "two <tool_call> blocks one after the other",
    reply: {
      text: '<tool_call>{"name": "web_search", "arguments": {"query": "ferry times Oban"}}</tool_call>\n<tool_call>{"name": "weather_forecast", "arguments": {"city": "Oban"}}</tool_call>',
    },
    expect: {
      run: [
        { tool: "web_search", args: { query: "ferry times Oban" } },
        { tool: "weather_forecast", args: { city: "Oban" } },
      ],
    },
  },
  {
    id: "qwen-coder-xml",
    source: "LM Studio tracker #2115; llama.cpp PR #16932",
    shape: "Qwen-Coder XML: <function=name> with one <parameter=key> element per argument",
    reply: {
      text: "<tool_call>\n<function=files_read>\n<parameter=path>\n~/todo.md\n</parameter>\n</function>\n</tool_call>",
    },
    expect: read("~/todo.md"),
  },
  {
    id: "qwen-coder-xml-number",
    source: "llama.cpp PR #16932",
    shape: "XML parameters are text, so a number arrives as a string and must meet the integer schema",
    reply: {
      text: "<tool_call><function=timer_set><parameter=duration_s>300</parameter><parameter=label>eggs</parameter></function></tool_call>",
    },
    expect: timer(300, "eggs"),
  },
  {
    id: "llama-function-tag",
    source: "OpenClaw #35347 (llama.cpp grammar for <function=…>)",
    shape: "Llama-style <function=name>{json}</function>",
    reply: { text: '<function=web_search>{"query": "bike shops near Ghent"}</function>' },
    expect: { run: [{ tool: "web_search", args: { query: "bike shops near Ghent" } }] },
  },
  {
    id: "python-tag",
    source: "Llama 3.1 chat format as reported with llama.cpp without --jinja",
    shape: "<|python_tag|> followed by a JSON call using `parameters` for the arguments",
    reply: {
      text: '<|python_tag|>{"name": "weather_forecast", "parameters": {"city": "Lisbon", "days": "5"}}<|eom_id|>',
    },
    expect: { run: [{ tool: "weather_forecast", args: { city: "Lisbon", days: 5 } }] },
  },
  {
    id: "mistral-list",
    source: "mlx-lm #1374; LM Studio tracker #797",
    shape: "Mistral [TOOL_CALLS] followed by a JSON list of calls (with an id the model made up)",
    reply: {
      text: '[TOOL_CALLS] [{"name": "lists_add", "arguments": {"list": "shopping", "items": ["oat milk"]}, "id": "a1b2c3d4e"}]',
    },
    expect: { run: [{ tool: "lists_add", args: { list: "shopping", items: ["oat milk"] } }] },
  },
  {
    id: "mistral-args",
    source: "mlx-lm PR #1448",
    shape: "newer Mistral [TOOL_CALLS]name[ARGS]{json}, twice in one reply",
    reply: {
      text: '[TOOL_CALLS]web_search[ARGS]{"query": "tide table"}[TOOL_CALLS]weather_forecast[ARGS]{"city": "Brest"}',
    },
    expect: {
      run: [
        { tool: "web_search", args: { query: "tide table" } },
        { tool: "weather_forecast", args: { city: "Brest" } },
      ],
    },
  },
  {
    id: "deepseek-tokens",
    source: "DeepSeek chat template (tool-call tokens surface when the server has no parser)",
    shape: "DeepSeek tool-call begin/sep/end tokens around a fenced JSON argument block",
    reply: {
      text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>files_search\n```json\n{"query": "*.pdf", "path": "~/Downloads"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    },
    expect: { run: [{ tool: "files_search", args: { query: "*.pdf", path: "~/Downloads" } }] },
  },
  {
    id: "gemma4-native",
    source: "mlx-lm PR #1105; hermes-agent PR #7449; Ollama #15315",
    shape: 'Gemma 4 <|tool_call>call:name{key:<|"|>text<|"|>} with bare keys and its own quote token',
    reply: { text: '<|tool_call>call:memory_remember{text:<|"|>my locker code is 4471<|"|>}<tool_call|>' },
    expect: { run: [{ tool: "memory_remember", args: { text: "my locker code is 4471" } }] },
  },
  {
    id: "gemma-tool-code",
    source: "Gemma 3 prompt format (tool_code blocks) as seen through vLLM's pythonic parser",
    shape: "```tool_code block holding print(api.name(key=value))",
    reply: { text: "```tool_code\nprint(default_api.system_volume_set(level=35))\n```" },
    expect: { run: [{ tool: "system_volume_set", args: { level: 35 } }] },
  },
  {
    id: "pythonic-list",
    source: "Llama 3.2 pythonic tool-call format",
    shape: "a Python list of calls with keyword arguments as the whole answer",
    reply: { text: '[media_repeat(mode="track"), system_mute(mute=False)]' },
    expect: {
      run: [
        { tool: "media_repeat", args: { mode: "track" } },
        { tool: "system_mute", args: { mute: false } },
      ],
    },
  },
  {
    id: "bare-json-answer",
    source: "OpenClaw #8933; OpenClaw #122224",
    shape: "the whole answer is a JSON object naming the tool (the server passed it through as text)",
    reply: {
      text: '{"name": "reminders_create", "arguments": {"title": "call the garage", "due": "tomorrow 9am"}}',
    },
    expect: { run: [{ tool: "reminders_create", args: { title: "call the garage", due: "tomorrow 9am" } }] },
  },
  {
    id: "bare-json-twice",
    source: "ollama-ai-provider PR #11 (two objects back to back)",
    shape: "two call objects written one after the other with no list around them",
    reply: {
      text: '{"name": "weather_forecast", "arguments": {"city": "Porto"}} {"name": "web_search", "arguments": {"query": "Porto museums"}}',
    },
    expect: {
      run: [
        { tool: "weather_forecast", args: { city: "Porto" } },
        { tool: "web_search", args: { query: "Porto museums" } },
      ],
    },
  },
  {
    id: "fenced-json",
    source: "Ollama #5976",
    shape: "a short sentence and a ```json fence holding the call",
    reply: {
      text: 'Sure, checking the forecast.\n```json\n{"name": "weather_forecast", "arguments": {"city": "Bergen"}}\n```',
    },
    expect: { run: [{ tool: "weather_forecast", args: { city: "Bergen" } }] },
  },
  {
    id: "fenced-json-rpc",
    source: "Ollama #5976",
    shape: "a fence holding a JSON-RPC-looking object: `method` names the tool, `params` are its arguments",
    reply: { text: '```\n{"jsonrpc": "2.0", "method": "web_search", "params": {"query": "24 * 365"}}\n```' },
    expect: { run: [{ tool: "web_search", args: { query: "24 * 365" } }] },
  },
  {
    id: "llamacpp-generic",
    source: "llama.cpp PR #12379 (its generic tool-call format)",
    shape: 'a {"tool_call": {"name", "arguments"}} wrapper object as the answer',
    reply: { text: '{"tool_call": {"name": "timer_set", "arguments": {"duration_s": 90}}}' },
    expect: timer(90),
  },
  {
    id: "react-lines",
    source: "ReAct-style prompting carried over by small models",
    shape: "`Action:` and `Action Input:` lines instead of a call",
    reply: { text: 'Action: files_read\nAction Input: {"path": "~/recipes/bread.txt"}' },
    expect: read("~/recipes/bread.txt"),
  },
  {
    id: "call-with-json-arg",
    source: "openai-agents-python #1196",
    shape: "name({json}) — the call written like a function with one JSON object argument",
    reply: { text: 'files_trash({"path": "~/Desktop/old-draft.txt"})' },
    expect: { run: [{ tool: "files_trash", args: { path: "~/Desktop/old-draft.txt" } }] },
  },
  {
    id: "think-then-call",
    source: "llama.cpp PR #12379 (thoughts and calls in one stream)",
    shape: "a <think> block first, then the <tool_call> block",
    reply: {
      text: '<think>The user wants a timer, five minutes is 300 seconds.</think>\n<tool_call>\n{"name": "timer_set", "arguments": {"duration_s": 300}}\n</tool_call>',
    },
    expect: timer(300),
  },
  // ── structured calls with broken arguments ────────────────────────────────────────────
  {
    id: "trailing-comma",
    source: "huggingface/chat-ui PR #1229",
    shape: "a trailing comma after the last argument",
    reply: { calls: [{ name: "files_read", arguments: '{"path": "~/a.txt",}' }] },
    expect: read("~/a.txt"),
  },
  {
    id: "single-quotes",
    source: "mlx-openai-server PR #124",
    shape: "Python-style single-quoted keys and strings",
    reply: { calls: [{ name: "files_read", arguments: "{'path': '/home/ana/notes.md'}" }] },
    expect: read("/home/ana/notes.md"),
  },
  {
    id: "unquoted-keys",
    source: "Gemma 4 reports (bare keys), llama.cpp #21680",
    shape: "keys without quotes",
    reply: { calls: [{ name: "web_search", arguments: '{query: "night trains to Vienna", limit: 5}' }] },
    expect: { run: [{ tool: "web_search", args: { query: "night trains to Vienna", limit: 5 } }] },
  },
  {
    id: "python-literals",
    source: "Python-trained models writing dict literals",
    shape: "True/False/None instead of true/false/null",
    reply: { calls: [{ name: "system_mute", arguments: '{"mute": True, "for_s": None}' }] },
    expect: { run: [{ tool: "system_mute", args: { mute: true } }] },
  },
  ...MORE_MALFORMED_CALLS,
];
