/**
 * An alarm, timer or reminder named by what it did rather than by what it is (decision 0048,
 * model22): "the clock thing rang at 7 again", "what just rang?", "which one went off while I was
 * out", "what's that beeping". The thing that rang is found in what is ringing or was missed
 * before it can be cancelled, ticked off or snoozed. The subject is a thing ("what", "something",
 * "the … thing", "the alarm"), not a person who rang ("Mrs Kowalczyk just rang" is a call), and
 * the ringing is past or now: "until it goes off" is a timer still running.
 */
const RANG =
  /\b(?:what|which(?:\s+one)?|something|whatever|thing|one|it|alarm|timer|clock|bell)(?:'s|’s|\s+(?:just|has|had|was|is|keeps|kept|that))?\s+(?:just\s+|been\s+|all\s+)?(?:rang|ringing|beeping|beeped|buzzing|buzzed|went\s+off|going\s+off|gone\s+off)\b/i;

/** Whether the request names an alert by its ringing (see above). */
export function namesByRinging(text: string): boolean {
  return RANG.test(text);
}

/** The tool that lists what is ringing or was missed: its description says so first. */
export const RINGING_LIST = /^what is ringing\b/i;
