/** What a `notify` call tells the person once it ran (the gate's reason is for `--verbose`). */
export function doneWithoutAsking(said: string): string {
  return `${said}: done without asking, as your settings allow. To be asked first, change it in Settings.`;
}

/** The audit's reason for a question a tool relayed mid-call (an MCP server's elicitation). */
export const RELAYED = "a question asked during the call";
/** Why a tool's own mid-call question (an MCP server's elicitation) is asked. */
export const WHY_RELAYED = "It asks you this while it runs.";
/** A question whose decision carried no words of its own (it always should). */
export const WHY_ASK = "Your settings ask before this.";
