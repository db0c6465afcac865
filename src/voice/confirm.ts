import { defaultPreview } from "../gate/ask.js";
import type { ConfirmationRequest } from "../gate/confirm.js";

/**
 * A short spoken question: the preview's first line (bounded), then "Should I go ahead?". The
 * gate's default preview (the tool name, then its arguments) is read as words.
 */
export function confirmationQuestion(
  request: Pick<ConfirmationRequest, "tool" | "preview" | "reason" | "args">,
): string {
  const toolWords = request.tool.replaceAll("_", " ");
  let line = (request.preview || request.reason || "").split("\n")[0]?.trim() ?? "";
  // The gate's default preview (the tool's name, then its arguments) is read as words instead
  const preview = request.preview ?? "";
  const args = typeof request.args === "object" && request.args !== null ? request.args : {};
  const generic =
    preview === defaultPreview(request.tool, args as Record<string, unknown>) || line === request.tool;
  if (line === "" || generic || line.startsWith(`${request.tool} {`)) {
    const args =
      typeof request.args === "object" && request.args !== null ? Object.entries(request.args) : [];
    const words = args
      .filter(([, v]) => ["string", "number", "boolean"].includes(typeof v))
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${String(v)}`);
    line = words.length > 0 ? `${toolWords}: ${words.join(", ")}` : toolWords;
  }
  const short = line.length > 160 ? `${line.slice(0, 157)}…` : line;
  return `${short.replace(/[.!?…]+$/, "")}. Should I go ahead? Yes or no?`;
}
