import type { IntentTable } from "../language.js";

/**
 * A timer said as its goal, with no word for a timer (issue 16, decision 0044): what must pass
 * said of the thing that passes it. Two kinds: a thing that has to go through something for a
 * length ("the bread has to prove forty minutes", "the pies are in, they need 25 minutes"), and
 * a rest or a break said with its length and a call to be told when it is over ("my lunch is
 * half an hour, tell me when it's up", "a 20 minute nap, wake me when it's done"). Matched,
 * never taught: taught, any length said of a thing ("the meeting takes an hour") would lean to a
 * timer. Only what happens to a thing left on its own (brewing, baking, resting, charging) or a
 * rest with the call to end it counts; the length of a task or an event is no timer.
 */
const PROCESS =
  "(brew|steep|bake|cook|boil|simmer|rest|soak|prove|proof|rise|cool|chill|set|dry|charge|marinate|defrost|thaw|stand|roast|infuse|sit|settle)";
const MUST = "(has to|have to|needs to|need to|must|should|wants to|is going to|are going to)";
/** Put in or on to cook, so that what it needs next is time ("just went in", "are on"). */
const STARTED =
  "(just went in|went in|just went on|went on|are in|is in|are on|is on|just in|just on|are in the oven|is in the oven)";
const RESTING = "(break|nap|rest|lunch|lunch break|pause|breather|sit down|kip|doze)";
const TELL =
  "(let me know|tell me|give me a shout|give us a shout|shout|ping me|wake me|wake me up|call me|buzz me|warn me|alert me|give me a buzz|give us a buzz)";
const OVER = "(it's|it is|its|that's|that is|it has|time's|time is) (over|up|done|finished|ended)";

/**
 * A stretch of work or rest kept by its own name ("pomodoro", "sprint", "focus block", "power
 * nap"): said with a length and no verb, it is a timer of that length; a bare number after the
 * name is minutes, the unit these stretches are counted in ("pomodoro 25", "power nap, 20").
 */
const STRETCH =
  "(pomodoro|pomodoros|focus block|focus session|work sprint|sprint|study block|study session|deep work block|deep work session|power nap|nap)";
/** Where a dish is left to cook, said with the thing ("the bread's in the oven"). */
const IN_TO_COOK =
  "('s|is|are|s) (in|on) [the] (oven|hob|stove|pan|pot|grill|microwave|air fryer|slow cooker)";

/** A second request in what follows the goal is no aside: never read as part of the timer. */
const SECOND_ASK =
  /\b(?:then|also|remind|add|send|book|text|email|play|open)\b|\band (?:set|start|put|turn|make|tell)\b/i;

export const TIMER_GOAL_INTENTS: IntentTable = {
  timer_goal: {
    tool: "timer_set",
    shapes: [
      `[the|my|our|this|that] {label:text} ${MUST} ${PROCESS} [for] [another|about|around] {duration_s} [,] [{tail:text}]`,
      `{label:text} ${STARTED} [,] (they|it|she|he|that|those|these) (need|needs|take|takes|want|wants) [another|about|around|a good] {duration_s} [,] [{tail:text}]`,
      `[{about:text}] (my|a|the|this|our) {duration_s} ${RESTING} [{mid:text}] [,] [so] [can you|could you|will you|please] ${TELL} when ${OVER} [please]`,
      `[{about:text}] (my|the|our) ${RESTING} is {duration_s} [,] [so] [can you|could you|will you|please] ${TELL} when ${OVER} [please]`,
      // A thing said to be in the oven or on the hob, what it needs after it with or without its
      // pronoun ("the pie's in the oven, needs 35 minutes")
      `[the|my|our|this|that] {label:text} ${IN_TO_COOK} [now] [,] [and] [it|they|she] (need|needs|takes|take|wants|want) [another|about|around|a good] {duration_s}`,
      // A named stretch of work or rest with its length and no verb ("pomodoro 25", "a 50 minute
      // sprint", "power nap, twenty minutes")
      `[start|begin|do|starting] [a|an|one|my|another] ${STRETCH} [,] [of|for] {duration_s}`,
      `[start|begin|do|starting] [a|an|one|my|another] ${STRETCH} [,] [of|for] {minutes:number}`,
      `[start|begin|do|starting] [a|an|one|my|another] {duration_s} ${STRETCH} [please]`,
    ],
    build: ({ values }) => {
      const duration_s = typeof values.minutes === "number" ? values.minutes * 60 : values.duration_s;
      if (typeof values.minutes === "number" && (values.minutes < 1 || values.minutes > 180))
        return undefined;
      if (typeof duration_s !== "number") return undefined;
      if (SECOND_ASK.test(`${values.tail ?? ""} ${values.mid ?? ""}`)) return undefined;
      return { duration_s };
    },
  },
};
