import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { JarvisError } from "../../../core/errors.js";

export interface FailureContext {
  /** The server's last stderr lines (stdio). */
  stderr?: string | undefined;
  /** The command line or URL, for the message. */
  target?: string | undefined;
  /** The last transport error seen on the connection (garbage on stdout, a failed stream). */
  lastError?: string | undefined;
}

/**
 * Any failure talking to a server as one JarvisError: a line that names the server and what
 * happened, and a fix. Text the server wrote is bounded and only ever quoted.
 */
export function describeMcpError(server: string, error: unknown, context: FailureContext = {}): JarvisError {
  if (error instanceof JarvisError) {
    return error.message.startsWith(`MCP server ${server}`)
      ? error
      : new JarvisError(error.code, `MCP server ${server} ${error.message}`, {
          fix: error.fix ?? fixFor(server, error.code),
          cause: error,
        });
  }
  const said = context.stderr ? ` (it said: ${context.stderr})` : "";
  const where = `MCP server ${server}`;
  const make = (code: JarvisError["code"], message: string, fix: string) =>
    new JarvisError(code, `${where} ${message}`, { fix, cause: error });
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (/ReadBuffer exceeded|maximum size/i.test(`${message} ${context.lastError ?? ""}`)) {
    return make(
      "LIMIT_REACHED",
      "sent a message larger than its output cap",
      `raise mcp.servers.${server}.max_output_kb if you trust it`,
    );
  }

  if (errno === "ENOENT") {
    return make(
      "UNAVAILABLE",
      `could not start: ${firstWord(context.target)} was not found`,
      `install it, or correct mcp.servers.${server}.command`,
    );
  }
  if (errno === "EACCES") {
    return make(
      "UNAVAILABLE",
      `could not start: ${firstWord(context.target)} is not executable`,
      `correct mcp.servers.${server}.command`,
    );
  }
  if (errno === "ECONNREFUSED" || errno === "ENOTFOUND" || /fetch failed|ECONNREFUSED/i.test(message)) {
    return make(
      "UNAVAILABLE",
      `could not be reached at ${context.target ?? "its URL"}`,
      `check that it is running, or correct mcp.servers.${server}.url`,
    );
  }
  if (error instanceof UnauthorizedError || (error instanceof SdkHttpError && error.status === 401)) {
    return make(
      "AUTH_FAILED",
      "wants a sign-in or a token (HTTP 401)",
      `run \`jarvis mcp login ${server}\` if it offers sign-in, or give it its token with \`jarvis mcp add ${server} --url URL --bearer-secret\``,
    );
  }
  if (error instanceof SdkHttpError) {
    return make(
      "UNAVAILABLE",
      `answered HTTP ${error.status}${error.status === 403 ? " (forbidden)" : ""}`,
      `check mcp.servers.${server}.url and its headers`,
    );
  }
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return context.lastError
          ? make(
              "UNAVAILABLE",
              `answered with something that is not MCP (${bounded(context.lastError)})${said}`,
              `check that mcp.servers.${server} runs an MCP server (nothing else may print to its stdout)`,
            )
          : make(
              "TIMEOUT",
              `did not answer in time${said}`,
              `check that it runs an MCP server, or raise mcp.servers.${server}.timeout_s`,
            );
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
      case SdkErrorCode.SendFailed:
        return make(
          "UNAVAILABLE",
          `closed the connection${context.lastError ? ` (${bounded(context.lastError)})` : ""}${said}`,
          `run \`jarvis mcp test ${server}\` to see it start`,
        );
      case SdkErrorCode.InvalidResult:
        return make(
          "TOOL_FAILED",
          `sent an answer that is not valid MCP: ${bounded(message)}`,
          `update the server, or remove it with \`jarvis mcp remove ${server}\``,
        );
      default:
        return make("UNAVAILABLE", bounded(message) + said, `run \`jarvis mcp test ${server}\``);
    }
  }
  if (error instanceof ProtocolError) {
    return make(
      "TOOL_FAILED",
      `refused the request: ${bounded(message)}`,
      "check the arguments, or try another way",
    );
  }
  if (error instanceof Error && (error.name === "AbortError" || /aborted/i.test(message))) {
    return new JarvisError("CANCELLED", `the call to MCP server ${server} was cancelled`, { cause: error });
  }
  return make("UNAVAILABLE", `failed: ${bounded(message)}${said}`, `run \`jarvis mcp test ${server}\``);
}

function fixFor(server: string, code: JarvisError["code"]): string {
  if (code === "LIMIT_REACHED") return `raise mcp.servers.${server}.max_output_kb if you trust it`;
  return `run \`jarvis mcp test ${server}\``;
}

function firstWord(target: string | undefined): string {
  return target?.split(" ")[0] ?? "the command";
}

function bounded(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}
