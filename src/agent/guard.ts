import type { ModelMessage } from "ai";
import type { ModelToolCall } from "../brain/models/types.js";
import type { StoredCallResult } from "./journal.js";
import type { RunEnd } from "./loop.js";
import { MAX_SEARCHES, TOOLS_SEARCH } from "./offer/search-tool.js";

/** Codes that mean the model's call itself was wrong (not a refusal by policy or the user). */
const MALFORMED = new Set(["ARGS_INVALID", "TOOL_UNKNOWN", "MODEL_INVALID"]);

/**
 * Bounds a misbehaving model. A proposal that cannot be run as written (unreadable call
 * text, arguments that fail the schema after repair, a tool that does not exist) is sent
 * back once with the reason; a second one in a row ends the run with one line. A model that
 * keeps calling `tools_search` after its searches ran out is stopped too. Nothing is ever run
 * on a guess of what the model meant.
 */
export class ProposalGuard {
  private malformed = 0;
  private searches = 0;
  /** For the person: what kind of mistake it was, without tool names. */
  private lastProblem = "";

  /** A reply whose tool call could not be read at all: the message to send back, or the end. */
  unreadable(problem: string): { retry: ModelMessage } | { end: RunEnd } {
    this.lastProblem = "what it wrote could not be read as a tool call";
    this.malformed += 1;
    if (this.malformed >= 2) return { end: this.stop() };
    return {
      retry: {
        role: "user",
        content: `(Your last reply tried to call a tool, but ${problem}. Nothing was run. Send the call again as a proper tool call with JSON arguments, or answer in plain words.)`,
      },
    };
  }

  /** After a round of calls: the end of the run, when the model has to be stopped. */
  afterRound(
    calls: readonly ModelToolCall[],
    results: ReadonlyArray<StoredCallResult | undefined>,
  ): RunEnd | undefined {
    const allMalformed =
      results.length > 0 && results.every((r) => r?.status === "refused" && MALFORMED.has(String(r.code)));
    if (allMalformed) {
      this.malformed += 1;
      this.lastProblem =
        results[0]?.code === "TOOL_UNKNOWN"
          ? "it asked for a tool that does not exist"
          : "its arguments did not fit the tool";
      if (this.malformed >= 2) return this.stop();
    } else this.malformed = 0;
    this.searches += calls.filter((call) => call.name === TOOLS_SEARCH).length;
    if (this.searches > MAX_SEARCHES + 1) {
      return {
        status: "failed",
        code: "MODEL_INVALID",
        message: "Stopped: the model kept searching for tools instead of using them; nothing else was run.",
      };
    }
    return undefined;
  }

  private stop(): RunEnd {
    return {
      status: "failed",
      code: "MODEL_INVALID",
      message: `Stopped: the model's tool calls could not be run twice in a row (${this.lastProblem}); nothing was run on a guess.`,
    };
  }
}
