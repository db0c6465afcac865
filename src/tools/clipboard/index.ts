import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { desktopKit, desktopTool } from "../../platform/kit.js";
import type { Platform } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const readSchema = z.object({});
const writeSchema = z.object({ text: z.string().max(1_000_000).describe("text to put on the clipboard") });

export function createClipboardTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  return [
    desktopTool<Record<string, never>>(kit, ["clipboard"], {
      name: "clipboard_read",
      group: "clipboard",
      description: "The text on the clipboard (what Ctrl+V / Cmd+V would paste).",
      parameters: parametersFrom(readSchema),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      // Whatever was copied last may come from a web page or a mail.
      trust: "untrusted",
      examples: ["what is on the clipboard", "read the clipboard", "paste the clipboard"],
      async execute(_args, ctx) {
        const text = await kit.platform.clipboard.read(ctx.signal);
        if (text === "") return ok("the clipboard is empty", { text, characters: 0 });
        return ok(text, { text, characters: [...text].length });
      },
    }),
    desktopTool<z.infer<typeof writeSchema>>(kit, ["clipboard"], {
      name: "clipboard_write",
      group: "clipboard",
      description: "Put text on the clipboard (replaces what is there).",
      parameters: parametersFrom(writeSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["copy {text} to the clipboard", "put {text} on the clipboard"],
      async execute(args, ctx) {
        await kit.platform.clipboard.write(args.text, ctx.signal);
        return ok(`copied ${[...args.text].length} characters to the clipboard`, {
          characters: [...args.text].length,
        });
      },
    }),
  ];
}
