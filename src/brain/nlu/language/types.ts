import type { Args, BuildInput, When } from "../../../core/language.js";

export type {
  Args,
  BuildInput,
  FollowUpInput,
  GuessInput,
  HandleUse,
  IntentSpec,
  LanguageCall,
  LanguageEnv,
  LookupSpec,
  SlotMatch,
  TemplateEntry,
  When,
} from "../../../core/language.js";

export function isWhen(value: unknown): value is When {
  return typeof value === "object" && value !== null && "iso" in value && "date" in value;
}

/** The default builder: slot values become arguments of the same name (dates as ISO). */
export function slotsAsArgs(input: BuildInput): Args {
  const args: Args = { ...input.fixed };
  for (const [name, value] of Object.entries(input.values)) {
    args[name] = isWhen(value) ? value.iso : value;
  }
  return args;
}
