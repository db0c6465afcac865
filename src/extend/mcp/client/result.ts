import type { ToolResult } from "../../../core/tool.js";

/** The parts of an MCP `CallToolResult` Jarvis reads (the SDK's type, loosely: servers vary). */
export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
}

export interface ResultData {
  server: string;
  tool: string;
  /** The server's structured output, as it sent it. */
  structured?: unknown;
  /** Non-text blocks, described (their bytes are not kept). */
  attachments?: Array<{ type: string; mimeType?: string; uri?: string; bytes?: number }>;
}

/**
 * An MCP tool result as a Jarvis ToolResult: text blocks joined, other blocks described without
 * their bytes, structured output kept in `data`. `maxChars` bounds what the model may read; the
 * gate marks the whole result untrusted.
 */
export function toToolResult(server: string, tool: string, raw: McpCallResult, maxChars: number): ToolResult {
  const blocks = Array.isArray(raw.content) ? (raw.content as Array<Record<string, unknown>>) : [];
  const texts: string[] = [];
  const attachments: NonNullable<ResultData["attachments"]> = [];
  for (const block of blocks) {
    if (!block || typeof block !== "object") continue;
    const type = String(block.type ?? "unknown");
    if (type === "text" && typeof block.text === "string") {
      texts.push(block.text);
    } else if (type === "resource" && isRecord(block.resource) && typeof block.resource.text === "string") {
      texts.push(`[resource ${String(block.resource.uri ?? "")}]\n${block.resource.text}`);
    } else {
      const attachment = describeBlock(type, block);
      attachments.push(attachment);
      texts.push(
        `[${type}${attachment.mimeType ? ` ${attachment.mimeType}` : ""}${attachment.uri ? ` ${attachment.uri}` : ""}${attachment.bytes !== undefined ? `, ${attachment.bytes} bytes` : ""}]`,
      );
    }
  }
  const structured = raw.structuredContent;
  if (texts.length === 0 && structured !== undefined) texts.push(JSON.stringify(structured));
  let output = texts.join("\n").replaceAll("\u0000", "");
  if (output.length > maxChars) {
    output = `${output.slice(0, maxChars)}\n…[${output.length - maxChars} more characters from ${server} left out]`;
  }
  const data: ResultData = {
    server,
    tool,
    ...(structured !== undefined ? { structured } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
  if (raw.isError) {
    const message = (texts[0] ?? "the tool reported an error").split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, output: output || message, data, error: { code: "TOOL_FAILED", message } };
  }
  return { ok: true, output, data };
}

function describeBlock(
  type: string,
  block: Record<string, unknown>,
): NonNullable<ResultData["attachments"]>[number] {
  const source = isRecord(block.resource) ? block.resource : block;
  const payload =
    typeof source.data === "string" ? source.data : typeof source.blob === "string" ? source.blob : "";
  return {
    type,
    ...(typeof source.mimeType === "string" ? { mimeType: source.mimeType.slice(0, 100) } : {}),
    ...(typeof source.uri === "string" ? { uri: source.uri.slice(0, 500) } : {}),
    ...(payload ? { bytes: Math.floor((payload.length * 3) / 4) } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
