import type { NluResult } from "../brain/nlu/types.js";
import { executeProposal } from "./calls.js";
import { NO_MODEL_QUESTION } from "./fast-path.js";
import type { RunEnd } from "./loop.js";
import type { ActiveRun } from "./run.js";

/** Where the embedded brain looks for an answer, in order, and how it says "nothing found". */
const SOURCES = [
  { tool: "memory_recall", args: (q: string) => ({ query: q }), empty: /^Nothing remembered/ },
  {
    tool: "knowledge_search",
    args: (q: string) => ({ query: q, limit: 3 }),
    empty: /^(No passages|The knowledge base is empty)/,
  },
];

/**
 * A question with no language model: answered from memory, then from the user's documents,
 * through the gate like any other call; if neither knows, the honest "I need a language model".
 */
export async function answerOffline(run: ActiveRun, nlu: NluResult): Promise<RunEnd> {
  for (const source of SOURCES) {
    if (!run.deps.registry.has(source.tool)) continue;
    const call = { id: run.deps.ids.next("call"), name: source.tool, input: source.args(nlu.text) };
    run.transcript.round += 1;
    const round = run.transcript.round;
    const seq = run.journal.beginProposal(round);
    run.journal.endProposal(seq, { text: "", toolCalls: [call], model: "embedded" });
    const [result] = await executeProposal(run, [call], round);
    run.signal.throwIfAborted();
    const output = result?.status === "ok" ? (result.output ?? "").trim() : "";
    if (
      output &&
      !source.empty.test(output) &&
      (source.tool !== "knowledge_search" || covers(output, nlu.text))
    ) {
      const text =
        source.tool === "knowledge_search" ? `From your documents:\n${output}` : firstAnswer(output);
      run.mode = "embedded";
      run.journal.note({ mode: "embedded", model: "embedded" });
      run.emit({ type: "text_delta", data: { text } });
      return { status: "finished", text };
    }
  }
  run.emit({ type: "text_delta", data: { text: NO_MODEL_QUESTION } });
  return { status: "finished", text: NO_MODEL_QUESTION };
}

/** memory_recall answers "who is my boss?" on its first line when the graph knows. */
function firstAnswer(output: string): string {
  const [first, ...rest] = output.split("\n");
  return first && !first.startsWith("Memories:") ? first : [first, ...rest].join("\n");
}

const QUESTION_WORDS = new Set([
  ...["what", "when", "where", "which", "whom", "whose", "does", "have", "there", "about", "tell", "know"],
  ...[
    "many",
    "much",
    "could",
    "would",
    "should",
    "please",
    "show",
    "find",
    "some",
    "with",
    "from",
    "that",
    "this",
  ],
]);

/**
 * Keyword search always returns its best passages; with no model to judge them, show them only
 * when they mention every content word of the question (prefix match, so "bridges" ~ "bridge").
 */
function covers(output: string, question: string): boolean {
  const text = output.toLowerCase();
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4 && !QUESTION_WORDS.has(w));
  return words.length > 0 && words.every((w) => text.includes(w.slice(0, 5)));
}
