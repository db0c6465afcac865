import { randomBytes } from "node:crypto";
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpRequestContext,
  Server,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import type { IdGenerator } from "../../../core/ids.js";
import type { Logger } from "../../../core/logger.js";
import type { ToolDefinition } from "../../../core/tool.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../../../gate/confirm.js";
import type { Gate } from "../../../gate/gate.js";
import { createRunScope } from "../../../gate/scope.js";
import type { CallOutcome } from "../../../gate/types.js";
import { PendingConfirmations } from "./pending.js";

export interface JarvisMcpServiceOptions {
  gate: Gate;
  /** The tools to offer, read on every list (config or catalog changes apply). */
  tools: () => ToolDefinition[];
  ids: IdGenerator;
  logger: Logger;
  version: string;
  /** How the user is asked when the MCP client cannot be (a terminal); absent = the call is denied. */
  fallbackBroker?: ConfirmationBroker;
  /** `stdio` or `http`: recorded with every call. */
  transport: "stdio" | "http";
}

const CONFIRM_KEY = "confirm";
const APPROVAL_SCHEMA = {
  type: "object" as const,
  properties: { approve: { type: "boolean" as const, title: "Allow Jarvis to do this?" } },
  required: ["approve"],
};

/**
 * Jarvis' tools as an MCP server. Every call goes through `gate.call`: validation, policy,
 * confirmation and the audit, with the MCP client named as its source. A call that needs the
 * user's yes asks the client (`input_required` with the exact preview; the SDK turns it into an
 * `elicitation/create` for 2025-era clients), or, when the client cannot ask, `fallbackBroker`;
 * no answer is a denial.
 */
export class JarvisMcpService {
  private readonly pending: PendingConfirmations;
  private readonly codec = createRequestStateCodec<{ pending: string }>({
    key: randomBytes(32),
    ttlSeconds: 900,
  });
  private readonly lifetime = new AbortController();

  constructor(private readonly options: JarvisMcpServiceOptions) {
    this.pending = new PendingConfirmations(options.ids);
  }

  /** The factory `serveStdio` and `createMcpHandler` build a server per connection or request with. */
  readonly factory = (_context: McpRequestContext): Server => this.build();

  close(): void {
    this.lifetime.abort();
  }

  private build(): Server {
    const server = new Server(
      { name: "jarvis", version: this.options.version },
      {
        capabilities: { tools: { listChanged: false } },
        requestState: { verify: (state, ctx) => this.codec.verify(state, ctx) },
        instructions:
          "Jarvis' own tools. Every call passes Jarvis' gate; some ask the user first, and a call the user did not allow comes back as an error.",
      },
    );
    server.setRequestHandler("tools/list", async () => ({ tools: this.options.tools().map(describeTool) }));
    server.setRequestHandler("tools/call", (request, ctx) =>
      this.call(server, request.params.name, request.params.arguments ?? {}, ctx),
    );
    return server;
  }

  private async call(
    server: Server,
    name: string,
    args: Record<string, unknown>,
    ctx: ServerContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    if (!this.options.tools().some((tool) => tool.name === name)) {
      return errorResult(`Jarvis does not offer a tool named ${name.slice(0, 80)} here.`);
    }
    // A retry carrying the client's answer to a confirmation this server asked for.
    const state = ctx.mcpReq.requestState<{ pending: string }>();
    if (state?.pending) {
      const view = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
      const approved = view.kind === "elicit" && view.action === "accept" && view.content?.approve === true;
      const outcome = this.pending.answer(state.pending, approved ? "approve" : "deny");
      if (!outcome) return errorResult("That confirmation is no longer waiting; call the tool again.");
      return toResult(await outcome);
    }

    const client = clientName(server);
    const canAsk = clientCanElicit(server, ctx);
    let asked: ((value: { request: ConfirmationRequest; id: string }) => void) | undefined;
    const question = new Promise<{ request: ConfirmationRequest; id: string }>((resolve) => {
      asked = resolve;
    });
    // The broker needs the call's outcome (the retry awaits it) and the call needs the broker.
    let outcome!: Promise<CallOutcome>;
    const broker: ConfirmationBroker | undefined = canAsk
      ? this.pending.brokerFor(
          (request, id) => asked?.({ request, id }),
          () => outcome,
        )
      : this.options.fallbackBroker;
    outcome = this.options.gate.call(
      { tool: name, args },
      createRunScope({
        runId: this.options.ids.next("run"),
        correlationId: `mcp-client:${client}`,
        broker: broker ?? denyBroker,
        signal: this.lifetime.signal,
      }),
    );
    this.options.logger.info({ tool: name, client, transport: this.options.transport }, "mcp call");
    const first = await Promise.race([outcome.then((done) => ({ done })), question.then((ask) => ({ ask }))]);
    if ("done" in first) return toResult(first.done);
    const { request, id } = first.ask;
    return inputRequired({
      inputRequests: {
        [CONFIRM_KEY]: inputRequired.elicit({
          message: `${request.ask}\n${request.why}${request.preview.trim() ? `\n\n${request.preview}` : ""}`,
          requestedSchema: APPROVAL_SCHEMA,
        }),
      },
      requestState: await this.codec.mint({ pending: id }),
    });
  }
}

/** Nobody can be asked: the gate records a denial. */
const denyBroker: ConfirmationBroker = { request: async () => "deny" };

function clientCanElicit(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const modern = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: unknown } | undefined;
  const capabilities = modern ?? server.getClientCapabilities();
  return Boolean(capabilities?.elicitation);
}

/** Who called, as the audit records it: the client's self-reported name (bounded, untrusted). */
function clientName(server: Server): string {
  const info = server.getClientVersion();
  const name = info ? `${info.name}/${info.version}` : "unknown";
  return name.replace(/[^\w.@/-]/g, "_").slice(0, 80);
}

/** A registry tool as an MCP tool: its own schema (the gate's annotations left out) and hints. */
function describeTool(tool: ToolDefinition): Tool {
  const readOnly = tool.effects.every((effect) => effect === "read");
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: withoutGateKeys(tool.parameters) as Tool["inputSchema"],
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: tool.risk === "destructive",
      openWorldHint: tool.effects.includes("network"),
    },
  };
}

function withoutGateKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutGateKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith("x-"))
      .map(([key, child]) => [key, withoutGateKeys(child)]),
  );
}

/** The outcome as a tool result: the text on success, else what stopped it and the fix (no observation parsing). */
function toResult(outcome: CallOutcome): CallToolResult {
  if (outcome.status === "ok")
    return { content: [{ type: "text", text: outcome.result?.output ?? outcome.message }] };
  const fix = outcome.fix ? ` (${outcome.fix})` : "";
  return errorResult(`${outcome.status} (${outcome.code ?? "ERROR"}): ${outcome.message}${fix}`);
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
