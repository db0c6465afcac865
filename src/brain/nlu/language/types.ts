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

/**
 * The default builder: slot values become arguments of the same name (dates as ISO). A `{tail}`
 * slot holds what people add around a request ("… so I can paste it", "… scroll and all") and
 * is never an argument.
 */
export function slotsAsArgs(input: BuildInput): Args {
  const args: Args = { ...input.fixed };
  for (const [name, value] of Object.entries(input.values)) {
    if (name === "tail") continue;
    args[name] = isWhen(value) ? value.iso : value;
  }
  return args;
}
