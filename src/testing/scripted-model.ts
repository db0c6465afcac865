import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4Content,
  type LanguageModelV4GenerateResult,
  type LanguageModelV4Prompt,
  type LanguageModelV4StreamPart,
  type LanguageModelV4StreamResult,
  type LanguageModelV4Usage,
} from "@ai-sdk/provider";

/**
 * One scripted proposal: text and/or tool calls, a thrown provider error (an HTTP status, with
 * headers such as `retry-after`), or a stream that hangs until the caller aborts. A function
 * step decides from what the model was shown.
 */
export type ScriptedStep =
  | {
      text?: string;
      toolCalls?: Array<{ name: string; args: Record<string, unknown> | string; id?: string }>;
      hang?: boolean;
      /** Pause before the step's first part is delivered. */
      delayMs?: number;
    }
  | { error: { status?: number; message?: string; headers?: Record<string, string> } }
  | ((seen: ScriptedCall) => ScriptedStep);

export interface ScriptedCall {
  prompt: LanguageModelV4Prompt;
  tools: string[];
  /** The last tool results the model was shown, as text (newest last). */
  toolResults: string[];
}

/**
 * A language model that replays proposals, records what it saw, and fails on leftovers:
 * an AI SDK model (spec v4) so the real `streamText` path and the router run unchanged.
 */
export class ScriptedModel implements LanguageModelV4 {
  readonly specificationVersion = "v4" as const;
  readonly provider = "scripted";
  readonly supportedUrls = {};
  readonly calls: ScriptedCall[] = [];
  private readonly steps: ScriptedStep[];

  constructor(
    steps: ScriptedStep[],
    readonly modelId = "scripted",
  ) {
    this.steps = [...steps];
  }

  push(...steps: ScriptedStep[]): void {
    this.steps.push(...steps);
  }

  get remaining(): number {
    return this.steps.length;
  }

  assertDone(): void {
    if (this.steps.length > 0)
      throw new Error(`ScriptedModel: ${this.steps.length} scripted steps never ran`);
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const step = this.next(options);
    if ("error" in step) throw providerError(step.error);
    if (step.hang) await hangUntil(options.abortSignal);
    const content: LanguageModelV4Content[] = [];
    if (step.text) content.push({ type: "text", text: step.text });
    for (const [i, call] of (step.toolCalls ?? []).entries()) {
      content.push({
        type: "tool-call",
        toolCallId: call.id ?? `scripted_${this.calls.length}_${i}`,
        toolName: call.name,
        input: typeof call.args === "string" ? call.args : JSON.stringify(call.args),
      });
    }
    return {
      content,
      finishReason: { unified: step.toolCalls?.length ? "tool-calls" : "stop", raw: undefined },
      usage: usage(),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const step = this.next(options);
    if ("error" in step) throw providerError(step.error);
    const signal = options.abortSignal;
    const calls = this.calls.length;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async start(controller) {
        if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
        controller.enqueue({ type: "stream-start", warnings: [] });
        if (step.text) {
          controller.enqueue({ type: "text-start", id: "t0" });
          controller.enqueue({ type: "text-delta", id: "t0", delta: step.text });
          if (step.hang) {
            await hangUntil(signal).catch(() => undefined);
            controller.error(signal?.reason ?? new DOMException("aborted", "AbortError"));
            return;
          }
          controller.enqueue({ type: "text-end", id: "t0" });
        } else if (step.hang) {
          await hangUntil(signal).catch(() => undefined);
          controller.error(signal?.reason ?? new DOMException("aborted", "AbortError"));
          return;
        }
        for (const [i, call] of (step.toolCalls ?? []).entries()) {
          const id = call.id ?? `scripted_${calls}_${i}`;
          const input = typeof call.args === "string" ? call.args : JSON.stringify(call.args);
          controller.enqueue({ type: "tool-input-start", id, toolName: call.name });
          controller.enqueue({ type: "tool-input-delta", id, delta: input });
          controller.enqueue({ type: "tool-input-end", id });
          controller.enqueue({ type: "tool-call", toolCallId: id, toolName: call.name, input });
        }
        controller.enqueue({
          type: "finish",
          finishReason: { unified: step.toolCalls?.length ? "tool-calls" : "stop", raw: undefined },
          usage: usage(),
        });
        controller.close();
      },
    });
    return { stream };
  }

  private next(
    options: LanguageModelV4CallOptions,
  ): Exclude<ScriptedStep, (seen: ScriptedCall) => ScriptedStep> {
    const seen: ScriptedCall = {
      prompt: options.prompt,
      tools: (options.tools ?? []).map((t) => t.name),
      toolResults: options.prompt.flatMap((message) =>
        message.role === "tool"
          ? message.content.flatMap((part) =>
              part.type === "tool-result" && "value" in part.output ? [String(part.output.value)] : [],
            )
          : [],
      ),
    };
    this.calls.push(seen);
    let step = this.steps.shift();
    if (!step) throw new Error(`ScriptedModel: no scripted step left (call ${this.calls.length})`);
    while (typeof step === "function") step = step(seen);
    return step;
  }
}

function providerError(error: {
  status?: number;
  message?: string;
  headers?: Record<string, string>;
}): Error {
  return new APICallError({
    message: error.message ?? `scripted ${error.status ?? "failure"}`,
    url: "scripted://model",
    requestBodyValues: {},
    ...(error.status !== undefined ? { statusCode: error.status } : {}),
    ...(error.headers ? { responseHeaders: error.headers } : {}),
  });
}

function usage(): LanguageModelV4Usage {
  return {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };
}

function hangUntil(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return; // hangs forever: a test without abort would time out, as it should
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
