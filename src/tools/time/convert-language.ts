import { type Args, type BuildInput, isWhen } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

// The conversion of a clock time between places (split from language.ts by concern: the time
// and dates there, the conversion here).

/** A place as said, without the "time" people add ("London time", "Pacific time"). */
const placeOf = (value: unknown) =>
  typeof value === "string"
    ? value.replace(/\s+(?:time|timezone|time zone)$/i, "").trim() || undefined
    : undefined;

/** A clock time as people write one: "9:30", "3pm", "noon", "7 o'clock", "7" in the evening. */
const CLOCKLIKE = /(?:\d|\b)(?:am|pm|a\.m|p\.m)\b|\b(?:noon|midday|midnight|o'?clock)\b|\d:\d{2}/i;

const MONEY =
  /[$£€¥]|\b(?:dollars?|euros?|pounds?|yen|yuan|rupees?|pesos?|francs?|rials?|dinars?|usd|eur|gbp|quid|bucks|s\. ?d)\b/i;

function convertArgs(input: BuildInput): Args | undefined {
  // "what's that for me": the user's own zone
  const to = input.fixed.toHere === true ? input.env.timezone : placeOf(input.values.to);
  // "one dollar in euros" is money, not a time
  if (!to || MONEY.test(input.env.text)) return undefined;
  const raw = input.matches.time?.raw.trim();
  // A bare hour is a clock time when the part of the day or whose clock it is says so ("at 9
  // my time")
  if (
    raw &&
    !CLOCKLIKE.test(raw) &&
    !/\bin the (?:morning|afternoon|evening)\b|\b(?:my|our) time\b/i.test(input.env.text)
  )
    return undefined;
  const args: Args = { to };
  const from = placeOf(input.values.from);
  if (from) args.from = from;
  // "7 in the evening": the part of the day says which 7; otherwise the time as read
  const when = input.values.time;
  if (raw && /^\d{1,2}(?::\d{2})?$/.test(raw) && /\b(?:afternoon|evening|night)\b/i.test(input.env.text))
    args.time = `${raw} pm`;
  else if (isWhen(when)) args.time = when.iso;
  if (isWhen(input.values.date)) args.date = input.values.date.date;
  return args;
}

const CLOCK = "{time:clock}";
const FROM = "[in] {from:city} [time]";
const TO = "(in|to|into|for) {to:city} [time]";

/** "8:15 am PST in Madrid time", "the time gap between Oslo and Lima". */
export const CONVERT_INTENTS: IntentTable = {
  time_convert: {
    describe: ({ to, from, time }) =>
      `Convert ${typeof time === "string" ? time : "the time"}${typeof from === "string" ? ` in ${from}` : ""} to ${String(to)}`,
    ask: { to: "Which place or time zone should I convert it to?" },
    templates: [
      `[what is|convert] ${CLOCK} ${FROM} ${TO}`,
      `${CLOCK} ${FROM} [,] what is that ${TO}`,
      `${CLOCK} in the (morning|afternoon|evening) {from:city} time [,] what is that ${TO}`,
      `(if|when) it is ${CLOCK} (here|in {from:city}) [,] what time is it ${TO}`,
      `(if|when) it is ${CLOCK} (here|in {from:city}) [,] what time (will it be|would it be|is that) ${TO}`,
      `what time is it ${TO} when it is ${CLOCK} (here|in {from:city})`,
      "[what is the] time difference between {from:city} and {to:city}",
      "how many hours (ahead|behind) is {to:city} [of|from] [{from:city}]",
      "how far (ahead|behind) is {to:city} [of|from] [{from:city}]",
      "what is the time difference (with|to) {to:city}",
      // How far apart two clocks are, asked in hours or as a gap
      "[what is the] time (gap|offset) between {from:city} and {to:city}",
      "how many hours [of] (difference|apart) [is there|are there] between {from:city} and {to:city}",
      "how many hours (difference|apart) (is|are) {from:city} and {to:city}",
      "how many hours (difference|apart) is {to:city} from {from:city}",
      "(what is|how big is) the time (difference|gap) (between|from) (here|me|my location|where i am) (and|to) {to:city}",
      // The clock said here (or somewhere), the time asked elsewhere, without an "if"
      `it is ${CLOCK} (here|in {from:city}) [,] [so] what time is it ${TO}`,
      `convert {from:city} time (to|into) {to:city} [time]`,
    ],
    asks: [`convert ${CLOCK} to (another|a different) (time zone|timezone|zone)`],
    // A time somewhere, then what it is for the user ("my call's at 10am Pacific, what's that
    // for me", "… 4pm Shanghai time on Thursday, what's that here"): converted to the user's own
    // zone. A clock said alone to convert asks where to ("convert 9 am for me")
    shapes: [
      {
        t: `[{about:text}] [at] ${CLOCK} [in] ({from:city}|{from:zone}) [time] [on {date:day}] [,] what (is|would|will) (that|it) [be] [for me|here|my time|in my time|for us|where i am|at home|locally|over here]`,
        args: { toHere: true },
      },
      // A clock time here asked in another place ("what's 3pm in Tokyo"): from here to there
      `(what is|what would be|what will be) ${CLOCK} (in|for) {to:city} [time] [please]`,
      `[{about:text}] [at] ${CLOCK} [in] {from:city} [time] [on {date:day}] [,] what (is|would|will) (that|it) [be] [for me] (in|to|into) {to:city} [time]`,
      // The question word after the clock ("8pm in Oslo is what time in Lima")
      `${CLOCK} ${FROM} is what (time|o'clock) ${TO}`,
      // The place before the clock in the "when" clause ("when in Oslo it is 9, what is the
      // time in Lima"), the part of the day said after the number
      `(if|when) in {from:city} [it] is ${CLOCK} [in the (morning|afternoon|evening|night)] [,] what (is the time|time is it|time will it be|time would it be) ${TO}`,
      // The place is the one the person will reach at a clock time of their own ("if I call
      // Lima at 9 my time, what time is it there"): from here to that place
      `(if|when) i (ring|call|phone|text|message|email|video call) {to:city} at ${CLOCK} [my time|here|from here|where i am] [,] what time (is it|will it be|would it be|is that) (there|over there|for them)`,
    ],
    askShapes: [
      `convert ${CLOCK} [for me|please|for me please]`,
      // A clock time asked for someone whose place is unsaid ("what time would 10 am be for my
      // cousin"): where they are is asked, never guessed as the time here
      `what time (would|will|is) ${CLOCK} (be|be for|for) {who:text}`,
      `what (would|will|is) ${CLOCK} be (for|where) {who:text}`,
      // The place pointed at or trailed off ("what would 4pm be over there", "what's 8am in, um…")
      `what (would|will|is) ${CLOCK} [be] (over there|there|in)`,
      `what (would|will|is) ${CLOCK} [be] (over there|there) in`,
      `what time (would|will|is) ${CLOCK} [be] (over there|there|in)`,
      // The clock said here, the place only pointed at ("what time will it be over there when it
      // is 8 here"): where "there" is is asked
      `what time (will|would|is) it [be] (over there|there) (when|if) it is ${CLOCK} [here|my time|for me]`,
      // The difference asked with no place ("what's the time difference")
      "what is the time difference [please]",
    ],
    samples: [
      "what's 6pm in tokyo in london time",
      "8am sydney time to new york",
      "when it's noon for me, what's the hour in dubai",
      "how many hours is paris ahead of new york",
      "time difference between lisbon and toronto",
      "my meeting is 2pm eastern, what's that in berlin",
    ],
    build: convertArgs,
  },
};
