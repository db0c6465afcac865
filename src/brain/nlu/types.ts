/**
 * The embedded NLU's contract (ARCHITECTURE.md, "NLU contract"). The parser lives in this
 * folder; the agent loop consumes it as the first proposer through this interface only.
 */
import type { UserVocabulary } from "../../core/language.js";

export type NluKind = "action" | "question" | "chat" | "dialog" | "unknown";

export interface NluCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface NluResult {
  text: string;
  kind: NluKind;
  /** The single call, when there is exactly one. */
  tool?: string;
  args?: Record<string, unknown>;
  /** Several calls ("open safari and search for AI news"), in order. */
  calls?: NluCall[];
  confidence: number;
  /** For `chat`: the reply; for `dialog`: yes | no | cancel | repeat. */
  reply?: string;
  dialog?: "yes" | "no" | "cancel" | "repeat";
  /** Tool groups most likely relevant; the LLM loop narrows the tools it shows by these. */
  groups?: string[];
  /**
   * An incomplete action: required arguments not said yet, first one asked for in `reply`
   * ("Which list?"). Never run as is; the next utterance may fill it (`NluContext.pending`).
   */
  missing?: string[];
  /** The single call in words for a person ("Set a timer for 11 minutes"), no tool names. */
  summary?: string;
  /** What a classifier reading rests on (diagnostics: `jarvis nlu --json`, the benchmark). */
  evidence?: Evidence;
}

/** The grounds of a reading the classifier made (no template matched it). */
export interface Evidence {
  via: "classifier" | "lookup" | "incomplete" | "near" | "back";
  /** For a near miss (`via: "near"`): what the reading would have been without it. */
  from?: "unclear" | "question" | "unknown" | "unread";
  /** For a near miss: the tool's own probability. */
  label?: number;
  /** The tool group's probability. */
  p: number;
  /** Its lead over the next group. */
  margin: number;
  /** Share of the words the classifier knows. */
  coverage: number;
  /** The domain's own words were said (true), or the reading was sure without them ("loose"). */
  anchored: boolean | "loose";
  /** A label that took this one's sentences on held-out training data is still in the running. */
  confusable?: true;
}

/** A call waiting for values the user was asked for. */
export interface PendingCall extends NluCall {
  missing: string[];
}

/** What the parser may know about the conversation ("open the second one", "and tomorrow?"). */
export interface NluContext {
  /** Handles of the session, newest last (`#u1`, `#m2`, ...), with labels. */
  handles?: Array<{
    handle: string;
    kind: string;
    label?: string | undefined;
    /** Which turn minted it: "the second one" counts within the newest turn's results. */
    turn?: number | undefined;
  }>;
  /** The previous action result in this session, to reuse an intent ("and tomorrow?"). */
  lastCall?: NluCall;
  /** An incomplete call whose first missing value the last answer asked for. */
  pending?: PendingCall;
  now?: Date;
  timezone?: string;
  /** Values the user set before and Jarvis reuses when not said again (a tool's `remember`). */
  remembered?: Record<string, unknown>;
  /** The user's own names for this turn (lists, contacts, files), over the build-time ones. */
  vocabulary?: UserVocabulary;
}

export interface Nlu {
  parse(text: string, context?: NluContext): NluResult;
}
