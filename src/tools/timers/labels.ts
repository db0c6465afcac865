import { NOT_A_LABEL } from "./situations.js";

/** What a timer or an alarm is called, read from the words beside its length or moment. */
const SET_WORDS = "set|start|create|make|put on|begin|setup|set up";
const UNIT = "(?:secs?|seconds?|mins?|minutes?|hrs?|hours?)";
/**
 * What a timer is for, said beside its length in one breath: "a 25 minute pomodoro timer", "3
 * min egg timer", "timer 12 min pizza rolls", "… a timer, for the rice". One to three words
 * that are no length, no filler and no answer word.
 */
export function timerLabel(words: readonly string[]): string | undefined {
  const said = words.join(" ");
  const found =
    new RegExp(`\\b${UNIT} ((?:[a-z']+ ){1,2})timer\\b`).exec(said)?.[1] ??
    // "pasta timer 9 mins": the thing timed before the noun and its length
    new RegExp(`^([a-z']+(?: [a-z']+)?) timer (?:for )?\\S+ ${UNIT}\\b`).exec(said)?.[1] ??
    // "four min timer eggs": the thing timed after the noun
    new RegExp(`\\b${UNIT} timer (?:for )?(?:the |my )?([a-z' ]{2,30})$`).exec(said)?.[1] ??
    new RegExp(`^(?:${SET_WORDS} )?(?:a |an )?timer (?:for )?\\S+ ${UNIT} ([a-z' ]{2,30})$`).exec(
      said,
    )?.[1] ??
    /\btimer\b.* for the ([a-z']+(?: [a-z']+)?)$/.exec(said)?.[1];
  const label = found?.trim().replace(/\s+(?:please|now|thanks)$/, "");
  if (!label || label.split(" ").length > 3) return undefined;
  if (
    /\d|\b(?:minutes?|hours?|seconds?|mins?|secs?|long|next|new|countdown|kitchen|me|my|the|a|an)\b/.test(
      label,
    )
  )
    return undefined;
  return NOT_A_LABEL.test(label) ? undefined : label;
}

/**
 * A name given in the same breath as the moment: "…, call it 'leave for ward'", "… name it call
 * Grandma", "… label it gym". The name runs to the end of the sentence (quotes dropped).
 */
export function namedAs(text: string): string | undefined {
  const m = /\b(?:call|name|label|title) it:?\s+["'‘“]?(.+?)["'’”]?[.!]?\s*$/i.exec(text);
  const name = m?.[1]?.trim();
  return name && name.split(/\s+/).length <= 5 ? name : undefined;
}
