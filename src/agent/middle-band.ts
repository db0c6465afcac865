import type { NluCall, NluResult } from "../brain/nlu/types.js";
import { askUser } from "../gate/ask.js";
import { runFastPath } from "./fast-path.js";
import type { RunEnd } from "./loop.js";
import type { ActiveRun } from "./run.js";

/**
 * The middle band: a complete reading below the fast-path threshold (but at or above
 * `models.ask_threshold`) is put to the user as the action itself — "Set a timer for 11
 * minutes?" — through the run's confirmation broker, so the terminal prompt, the web modal and
 * a spoken yes/no all work unchanged. "Yes" runs the call through the gate; "no" drops it. When
 * the gate would ask about the call anyway, its confirmation is that question: never two.
 */
export function middleBandCall(run: ActiveRun, nlu: NluResult): NluCall | undefined {
  const { fast_path_threshold: act, ask_threshold: floor } = run.deps.config.models;
  if (nlu.kind !== "action" || nlu.missing?.length || !nlu.summary || !nlu.tool) return undefined;
  if (nlu.calls && nlu.calls.length > 1) return undefined;
  if (nlu.confidence >= act || nlu.confidence < floor) return undefined;
  return { tool: nlu.tool, args: nlu.args ?? {} };
}

/** Asks, then runs or drops; undefined when the gate would refuse the call (nothing is asked). */
export async function askAboutCall(
  run: ActiveRun,
  call: NluCall,
  summary: string,
): Promise<RunEnd | undefined> {
  const { gate, registry, config, ids, clock } = run.deps;
  // The dry run reads the tool's own code (a tier that depends on the arguments)
  await registry.ready([call.tool]).catch(() => undefined);
  const assessment = gate.assess({ tool: call.tool, args: call.args }, run.scope);
  if (!assessment.valid || assessment.decision === "deny") return undefined;
  // The gate asks about this one anyway: its confirmation is the only question
  if (assessment.decision === "confirm") return runFastPath(run, [call]);
  const tool = registry.get(call.tool)?.definition;
  if (!tool) return undefined;
  run.mode = "fast";
  run.journal.note({ mode: "fast", model: "embedded" });
  const answer = await askUser(
    {
      tool,
      args: call.args,
      tier: assessment.tier ?? "safe",
      reason: "not sure I understood",
      ask: `${summary}?`,
      why: "I am not sure I understood you, so I am checking first.",
      callId: ids.next("call"),
      scope: run.scope,
      // The question is about the words, not the action (the gate asks on its own when it must)
      preview: "",
    },
    { killSwitch: gate.killSwitch, ids, clock, timeoutMs: config.policy.confirm_timeout_s * 1000 },
  );
  if (answer === "approve" || answer === "approve_session") return runFastPath(run, [call]);
  const text = answer === "timeout" ? "No answer came, so I left it." : "Okay, I won't.";
  run.emit({ type: "text_delta", data: { text } });
  return { status: "finished", text };
}
