import type { CliContext } from "./context.js";

/** Reads the whole of stdin, or one hidden line from a terminal. */
export async function readSecret(context: CliContext, label = "Password"): Promise<string> {
  const stdin = context.stdin as NodeJS.ReadStream;
  if (stdin.isTTY && typeof stdin.setRawMode === "function") {
    context.stderr.write(`${label}: `);
    stdin.setRawMode(true);
    const secret = await new Promise<string>((resolve) => {
      let typed = "";
      const onData = (chunk: Buffer) => {
        for (const char of chunk.toString("utf8")) {
          if (char === "\r" || char === "\n" || char === "\u0004") {
            stdin.off("data", onData);
            return resolve(typed);
          }
          if (char === "\u0003") process.exit(130);
          typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
        }
      };
      stdin.on("data", onData);
      stdin.resume();
    });
    stdin.setRawMode(false);
    stdin.pause();
    context.stderr.write("\n");
    return secret;
  }
  let text = "";
  for await (const chunk of context.stdin) text += chunk.toString();
  return text.replace(/\r?\n$/, "");
}

/** Several secrets: one hidden prompt each on a terminal, else one line of stdin each, in order. */
export async function readSecrets(context: CliContext, labels: string[]): Promise<string[]> {
  if (labels.length === 0) return [];
  const stdin = context.stdin as NodeJS.ReadStream;
  if (stdin.isTTY && typeof stdin.setRawMode === "function") {
    const secrets: string[] = [];
    for (const label of labels) secrets.push(await readSecret(context, label));
    return secrets;
  }
  const lines = (await readSecret(context)).split(/\r?\n/);
  return labels.map((_, index) => lines[index] ?? "");
}
