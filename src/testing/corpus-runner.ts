import { isDeepStrictEqual } from "node:util";
import type { ModelTurn } from "../brain/models/types.js";
import type { ToolRegistry } from "../gate/registry.js";
import type { FakeReply } from "./fake-llm-server.js";
import type { MalformedCase } from "./malformed-calls.js";

export interface CorpusVerdict {
  id: string;
  expected: "run" | "sendBack" | "answer";
  /** Did the case come out as the table says? */
  correct: boolean;
  /** A recoverable case whose calls came out exactly as expected and valid. */
  recovered: boolean;
  /** A call the gate's schema check would let through that is not one the table expects. */
  wronglyExecuted: boolean;
  ran: Array<{ tool: string; args: unknown }>;
  detail: string;
}

/** What the fake server sends for a case: its text and its calls with their raw argument text. */
export function replyFor(item: MalformedCase): FakeReply {
  return {
    ...(item.reply.text !== undefined ? { text: item.reply.text } : {}),
    ...(item.reply.calls
      ? { toolCalls: item.reply.calls.map((c) => ({ name: c.name, arguments: c.arguments })) }
      : {}),
    chunkSize: 7,
  };
}

/**
 * Judges one repaired turn against the table. "Would run" means what the gate's registry and
 * schema validation (its steps 1–2) let through: a call the repair left unreadable, a tool that
 * does not exist, or arguments that still break the schema never reach a tool.
 */
export function judgeTurn(
  item: MalformedCase,
  turn: ModelTurn,
  registry: Pick<ToolRegistry, "get">,
): CorpusVerdict {
  const ran = turn.toolCalls
    .filter((call) => !call.invalid && runnable(registry, call.name, call.input))
    .map((call) => ({ tool: call.name, args: call.input }));
  const expect = item.expect;
  const expected = "run" in expect ? "run" : "sendBack" in expect ? "sendBack" : "answer";
  const wanted = "run" in expect ? expect.run : [];
  const wronglyExecuted = ran.some(
    (call) => !wanted.some((w) => w.tool === call.tool && isDeepStrictEqual(w.args, call.args)),
  );
  let correct: boolean;
  if (expected === "run") {
    correct =
      !turn.problem &&
      ran.length === wanted.length &&
      turn.toolCalls.length === wanted.length &&
      wanted.every((w, i) => ran[i]?.tool === w.tool && isDeepStrictEqual(ran[i]?.args, w.args));
  } else if (expected === "sendBack") {
    correct = ran.length === 0 && (Boolean(turn.problem) || turn.toolCalls.length > 0);
  } else
    correct = ran.length === 0 && turn.toolCalls.length === 0 && !turn.problem && turn.text.trim() !== "";
  const detail = correct
    ? "ok"
    : `got ${JSON.stringify({ calls: turn.toolCalls.map((c) => ({ name: c.name, input: c.input, invalid: c.invalid })), problem: turn.problem, text: turn.text.slice(0, 80) })}`;
  return {
    id: item.id,
    expected,
    correct,
    recovered: expected === "run" && correct,
    wronglyExecuted,
    ran,
    detail,
  };
}

function runnable(registry: Pick<ToolRegistry, "get">, name: string, input: unknown): boolean {
  const tool = registry.get(name);
  if (!tool || input === null || typeof input !== "object" || Array.isArray(input)) return false;
  return tool.validate(structuredClone(input)) === true;
}

/** Totals for the bench and the test's message. */
export function corpusTotals(verdicts: readonly CorpusVerdict[]) {
  const recoverable = verdicts.filter((v) => v.expected === "run").length;
  const recovered = verdicts.filter((v) => v.recovered).length;
  return {
    cases: verdicts.length,
    recoverable,
    recovered,
    recoveredShare: recoverable ? recovered / recoverable : 1,
    wronglyExecuted: verdicts.filter((v) => v.wronglyExecuted).length,
    correct: verdicts.filter((v) => v.correct).length,
  };
}
