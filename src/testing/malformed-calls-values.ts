import type { MalformedCase } from "./malformed-calls.js";

/** The second half of the corpus: argument types and values (see `malformed-calls.ts`). */
const read = (path: string) => ({ run: [{ tool: "files_read", args: { path } }] });
const timer = (duration_s: number, label?: string) => ({
  run: [{ tool: "timer_set", args: { duration_s, ...(label ? { label } : {}) } }],
});

export const MORE_MALFORMED_CALLS: readonly MalformedCase[] = [
  {
    id: "stringified-number",
    source: "langchain-qwq #19; common with Qwen and Llama under Ollama",
    shape: "an integer argument sent as a string",
    reply: { calls: [{ name: "timer_set", arguments: '{"duration_s": "180"}' }] },
    expect: timer(180),
  },
  {
    id: "stringified-boolean",
    source: "common with small models",
    shape: 'a boolean argument sent as the string "TRUE"',
    reply: { calls: [{ name: "system_mute", arguments: '{"mute": "TRUE"}' }] },
    expect: { run: [{ tool: "system_mute", args: { mute: true } }] },
  },
  {
    id: "single-for-array",
    source: "common with small models (one item where a list is asked)",
    shape: "a single string where the schema asks for a list",
    reply: { calls: [{ name: "lists_add", arguments: '{"list": "hardware", "items": "wood glue"}' }] },
    expect: { run: [{ tool: "lists_add", args: { list: "hardware", items: ["wood glue"] } }] },
  },
  {
    id: "array-as-text",
    source: "Ollama #6155 (arguments text inside text)",
    shape: "a list argument sent as JSON text",
    reply: { calls: [{ name: "lists_add", arguments: '{"items": "[\\"rice\\", \\"beans\\"]"}' }] },
    expect: { run: [{ tool: "lists_add", args: { items: ["rice", "beans"] } }] },
  },
  {
    id: "double-encoded",
    source: "vLLM PR #25729 (Granite writes the arguments as a JSON string)",
    shape: "the arguments object encoded as a JSON string, then encoded again",
    reply: { calls: [{ name: "weather_forecast", arguments: '"{\\"city\\": \\"Bengaluru\\"}"' }] },
    expect: { run: [{ tool: "weather_forecast", args: { city: "Bengaluru" } }] },
  },
  {
    id: "wrapped-arguments",
    source: "llama.cpp PR #12379 (arguments nested once more)",
    shape: 'the real arguments wrapped in an extra {"arguments": …}',
    reply: {
      calls: [{ name: "memory_remember", arguments: '{"arguments": {"text": "my dentist is Dr Osei"}}' }],
    },
    expect: { run: [{ tool: "memory_remember", args: { text: "my dentist is Dr Osei" } }] },
  },
  {
    id: "escaped-newline-between",
    source: "OpenHands software-agent-sdk #2488",
    shape: "the two characters \\n between values, outside any string",
    reply: {
      calls: [{ name: "files_search", arguments: '{"query": "invoice",\\n "path": "~/Documents"\\n}' }],
    },
    expect: { run: [{ tool: "files_search", args: { query: "invoice", path: "~/Documents" } }] },
  },
  {
    id: "extra-brace",
    source: "langchain-qwq #30",
    shape: "one closing brace too many at the end",
    reply: { calls: [{ name: "files_read", arguments: '{"path": "~/b.txt"}}' }] },
    expect: read("~/b.txt"),
  },
  {
    id: "missing-brace",
    source: "llama.cpp PR #12379 (generation stopped before the last bracket)",
    shape: "the closing brace missing after a complete last value",
    reply: { calls: [{ name: "web_search", arguments: '{"query": "pharmacy open sunday"' }] },
    expect: { run: [{ tool: "web_search", args: { query: "pharmacy open sunday" } }] },
  },
  {
    id: "camel-case-key",
    source: "common with models trained on camelCase APIs",
    shape: "an argument key spelled in camelCase for a snake_case schema",
    reply: { calls: [{ name: "timer_set", arguments: '{"durationS": 60}' }] },
    expect: timer(60),
  },
  {
    id: "enum-case",
    source: "common with small models",
    shape: "an enum value in the wrong letter case",
    reply: { calls: [{ name: "media_repeat", arguments: '{"mode": "Playlist"}' }] },
    expect: { run: [{ tool: "media_repeat", args: { mode: "playlist" } }] },
  },
  {
    id: "null-optional",
    source: "common with small models (every key filled, null when unknown)",
    shape: "null for optional keys the model had no value for",
    reply: {
      calls: [{ name: "weather_forecast", arguments: '{"city": "Rome", "date": null, "days": null}' }],
    },
    expect: { run: [{ tool: "weather_forecast", args: { city: "Rome" } }] },
  },
  {
    id: "empty-arguments",
    source: "OpenClaw #82872 (empty arguments)",
    shape: "an empty string where a tool without required arguments gets its arguments",
    reply: { calls: [{ name: "system_mute", arguments: "" }] },
    expect: { run: [{ tool: "system_mute", args: {} }] },
  },
  {
    id: "prefixed-name",
    source: "OpenAI-style `functions.` prefix copied into the name",
    shape: "the tool name written as functions.name",
    reply: { calls: [{ name: "functions.web_search", arguments: '{"query": "sunrise Reykjavik"}' }] },
    expect: { run: [{ tool: "web_search", args: { query: "sunrise Reykjavik" } }] },
  },
  {
    id: "raw-newline-in-string",
    source: "Ollama #12884 (multi-line content in arguments)",
    shape: "a real line break inside a string value",
    reply: { calls: [{ name: "memory_remember", arguments: '{"text": "my wifi password is\nbluefox77"}' }] },
    expect: { run: [{ tool: "memory_remember", args: { text: "my wifi password is\nbluefox77" } }] },
  },
  // ── what must not run ─────────────────────────────────────────────────────────────────
  {
    id: "missing-required",
    source: "OpenClaw #82872",
    shape: "empty arguments for a tool whose path is required",
    reply: { calls: [{ name: "files_read", arguments: "{}" }] },
    expect: { sendBack: true },
  },
  {
    id: "unknown-key",
    source: "common with small models (a key from another tool)",
    shape: "a key the schema does not have (`file` for `path`): no way to know it means path",
    reply: { calls: [{ name: "files_read", arguments: '{"file": "~/c.txt"}' }] },
    expect: { sendBack: true },
  },
  {
    id: "unescaped-quote",
    source: "Ollama #12064",
    shape: "a double quote inside a string that was not escaped",
    reply: {
      calls: [{ name: "memory_remember", arguments: '{"text": "my boss says "no meetings on friday""}' }],
    },
    expect: { sendBack: true },
  },
  {
    id: "cut-inside-string",
    source: "vLLM #10395",
    shape: "the arguments stop in the middle of a string",
    reply: { calls: [{ name: "reminders_create", arguments: '{"title": "renew the passp' }] },
    expect: { sendBack: true },
  },
  {
    id: "number-with-unit",
    source: "common with small models",
    shape: '"5 minutes" for an integer number of seconds (a conversion would be a guess)',
    reply: { calls: [{ name: "timer_set", arguments: '{"duration_s": "5 minutes"}' }] },
    expect: { sendBack: true },
  },
  {
    id: "fraction-for-integer",
    source: "common with small models",
    shape: '"2.5" for an integer argument',
    reply: { calls: [{ name: "timer_set", arguments: '{"duration_s": "2.5"}' }] },
    expect: { sendBack: true },
  },
  {
    id: "unknown-tool",
    source: "OpenClaw #32991 and #27205 (calls to tools that are not there)",
    shape: "a well-formed call to a tool that does not exist",
    reply: { calls: [{ name: "shell_exec", arguments: '{"cmd": "rm -rf ~/tmp"}' }] },
    expect: { sendBack: true },
  },
  {
    id: "unknown-tool-in-tags",
    source: "LM Studio tracker #830",
    shape: "a <tool_call> block naming a tool that does not exist",
    reply: { text: '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>' },
    expect: { sendBack: true },
  },
  {
    id: "broken-json-in-tags",
    source: "Ollama #12884; #11704",
    shape: "a <tool_call> block whose JSON is broken beyond repair",
    reply: {
      text: '<tool_call>{"name": "files_read", "arguments": {"path": "~/x.txt" "offset": 4}}</tool_call>',
    },
    expect: { sendBack: true },
  },
  {
    id: "gemma-bare-values",
    source: "openclaude PR #380",
    shape: "Gemma-style call with bare unquoted text values (where a value ends is a guess)",
    reply: {
      text: "<|tool_call>call:memory_remember{text:my car is the red one, parked outside}<tool_call|>",
    },
    expect: { sendBack: true },
  },
  {
    id: "positional-python",
    source: "Llama 3.2 pythonic calls with positional arguments",
    shape: "a Python-style call with a positional argument (which parameter it fills is a guess)",
    reply: { text: '<|python_tag|>files_read("~/d.txt")' },
    expect: { sendBack: true },
  },
  {
    id: "mixed-readable-unreadable",
    source: "llama.cpp PR #16932 (several calls, one broken)",
    shape: "two <tool_call> blocks, the second unreadable: neither runs, both are sent back",
    reply: {
      text: '<tool_call>{"name": "files_read", "arguments": {"path": "~/e.txt"}}</tool_call><tool_call>{"name": "files_trash", "arguments": {"path": </tool_call>',
    },
    expect: { sendBack: true },
  },
  {
    id: "ambiguous-name",
    source: "small models shortening tool names",
    shape: "a short name (`read`) that could be more than one tool",
    reply: { calls: [{ name: "read", arguments: '{"path": "~/f.txt"}' }] },
    expect: { sendBack: true },
  },
  {
    id: "json-example-in-explanation",
    source: "OpenClaw #99251 (text that only looks like a call)",
    shape: "a long explanation with a JSON example naming a tool: the reader's example, not a call",
    reply: {
      text: `You can ask me to read a file at any time. Internally that becomes a request such as the one below, which I only run when you ask for it — for example when you say "read my plan". I will not open anything on my own, and every read is checked against the folders you allowed in the settings before anything happens. If you want me to start, just tell me which file you mean and I will go ahead.\n\`\`\`json\n{"name": "files_read", "arguments": {"path": "~/notes/plan.txt"}}\n\`\`\``,
    },
    expect: { answer: true },
  },
  {
    id: "plain-json-data",
    source: "answers that are data, not calls",
    shape: "the answer is a JSON object that names no tool",
    reply: { text: '{"name": "Ada Lovelace", "born": 1815}' },
    expect: { answer: true },
  },
];
