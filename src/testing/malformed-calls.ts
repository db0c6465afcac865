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
