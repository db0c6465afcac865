import type { Command } from "commander";
import type { CliContext } from "../context.js";

export type RegisterCommands = (program: Command, context: CliContext) => void;

/**
 * Every command group, by the top-level command names it registers. Only the group of the
 * command being run is imported, so `jarvis tools list` never loads the agent, the NLU or the
 * server; `--help` and unknown commands load them all. Add a group with one line here.
 */
export const COMMAND_GROUPS: Array<{
  names: string[];
  load: () => Promise<RegisterCommands>;
  /** Opens its own runtime: the CLI context need not load one (see cli/main.ts). */
  ownRuntime?: true;
  /** Never opens a runtime (reads and writes config.yaml, asks the service): none is loaded. */
  noRuntime?: true;
  /** Subcommands that talk to the running service instead of opening a runtime (unless --local). */
  attaches?: string[];
}> = [
  {
    names: ["tools"],
    load: async () => (await import("./tools.js")).registerToolsCommands,
    attaches: ["list", "call", "make", "generated"],
  },
  { names: ["ask"], load: async () => (await import("./ask.js")).registerAskCommand },
  { names: ["chat"], load: async () => (await import("./chat.js")).registerChatCommand },
  {
    names: ["runs"],
    load: async () => (await import("./runs.js")).registerRunsCommands,
    attaches: ["list", "show", "resume"],
  },
  {
    names: ["audit"],
    load: async () => (await import("./audit.js")).registerAuditCommands,
    attaches: ["list"],
  },
  {
    names: ["config"],
    load: async () => (await import("./config.js")).registerConfigCommands,
    noRuntime: true,
  },
  {
    names: ["doctor"],
    load: async () => (await import("./doctor.js")).registerDoctorCommand,
    noRuntime: true,
  },
  {
    names: ["start"],
    load: async () => (await import("./start.js")).registerStartCommand,
    ownRuntime: true,
  },
  {
    names: ["docs"],
    load: async () => (await import("./docs.js")).registerDocsCommands,
    attaches: ["add", "reindex", "list", "remove", "search"],
  },
  {
    names: ["memory"],
    load: async () => (await import("./memory.js")).registerMemoryCommands,
    attaches: ["list", "add", "search", "forget", "export"],
  },
  { names: ["listen", "say"], load: async () => (await import("./voice.js")).registerVoiceCommands },
  {
    names: ["accounts"],
    load: async () => (await import("./accounts.js")).registerAccountsCommands,
    noRuntime: true,
  },
  {
    names: ["nlu"],
    load: async () => (await import("./nlu.js")).registerNluCommand,
    noRuntime: true,
  },
  { names: ["mcp"], load: async () => (await import("./mcp.js")).registerMcpCommands },
  { names: ["sandbox"], load: async () => (await import("./sandbox.js")).registerSandboxCommands },
  {
    names: ["skills"],
    load: async () => (await import("./skills.js")).registerSkillsCommands,
    attaches: ["add", "remove"],
  },
  {
    names: ["service"],
    load: async () => (await import("./service.js")).registerServiceCommands,
    noRuntime: true,
  },
  {
    names: ["routines"],
    load: async () => (await import("./routines.js")).registerRoutinesCommands,
    // Every one: with a service running, routines live there (routines.ts has no --local)
    attaches: ["add", "list", "show", "pause", "resume", "grants", "remove", "run"],
  },
];

/** Whether this command line runs a command that opens its own runtime (`start`). */
export function ownsRuntime(argv: readonly string[]): boolean {
  const first = argv.find((arg) => !arg.startsWith("-"));
  return COMMAND_GROUPS.some(
    (group) => group.ownRuntime && first !== undefined && group.names.includes(first),
  );
}

/** Whether this command line runs a command that never opens a runtime (`config show`, `doctor`). */
export function needsNoRuntime(argv: readonly string[]): boolean {
  const first = argv.find((arg) => !arg.startsWith("-"));
  return COMMAND_GROUPS.some(
    (group) => group.noRuntime && first !== undefined && group.names.includes(first),
  );
}

/** Whether this command line is one that attaches to a running service when there is one. */
export function mayAttach(argv: readonly string[]): boolean {
  if (argv.includes("--local") || argv.includes("--help") || argv.includes("-h")) return false;
  const [first, second] = argv.filter((arg) => !arg.startsWith("-"));
  const group = COMMAND_GROUPS.find((candidate) => first !== undefined && candidate.names.includes(first));
  return second !== undefined && (group?.attaches?.includes(second) ?? false);
}

/** The command this command line names when it is none of Jarvis's (answered before anything loads). */
export function unknownCommand(argv: readonly string[]): string | undefined {
  const first = argv.find((arg) => !arg.startsWith("-"));
  if (first === undefined || first === "help") return undefined;
  return COMMAND_GROUPS.some((group) => group.names.includes(first)) ? undefined : first;
}

/** The command name nearest to a mistyped one (at most two edits away), to suggest it. */
export function nearestCommand(word: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of COMMAND_GROUPS.flatMap((group) => group.names)) {
    const distance = editDistance(word, name);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/** The groups needed for this command line: the named one, or all when none matches. */
export async function commandGroupsFor(argv: readonly string[]): Promise<RegisterCommands[]> {
  const first = argv.find((arg) => !arg.startsWith("-"));
  if (!first && (argv.includes("--version") || argv.includes("-V"))) return [];
  const match = first ? COMMAND_GROUPS.find((group) => group.names.includes(first)) : undefined;
  const wanted = match && !argv.includes("--help") && !argv.includes("-h") ? [match] : COMMAND_GROUPS;
  return Promise.all(wanted.map((group) => group.load()));
}

/**
 * The words of a command line that is `ask` and words only (no option, no `--`), or undefined.
 * `main` runs that ask without commander (`askAction`); every other command line goes through it.
 */
export function plainAsk(argv: readonly string[]): string[] | undefined {
  if (argv[0] !== "ask" || argv.length < 2) return undefined;
  const words = argv.slice(1);
  return words.every((word) => !word.startsWith("-")) ? words : undefined;
}
