import { type Args, type BuildInput, findWhen, type GuessInput } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/** Words that answer, hesitate or lead in: never what a timer is for. */
export const NOT_A_LABEL =
  /^(?:yes|yeah|yep|no|nope|nah|ok|okay|sure|right|fine|um|uh|erm|well|so|actually|and|then|just|maybe|wait|hmm|oh|also|again|make it|change it|instead)$/i;

const WEEKDAY_WORD =
  /^(mon|tue|wed|thu|fri|sat|sun)(?:day|days|s|\.)?$|^(tues|weds|thur|thurs)\.?$|^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?$/;
const TERSE_FILLER = /^(?:label|labelled|labeled|called|named|for|at|on|every|and|please|,)$/;

/**
 * "alarm tue thu 7am swim", "alarm 0530 label run": after the noun, two or more weekdays are
 * its repeat, a four-digit 24-hour time is a clock time, and what is left (one to three words,
 * no number) is its label. No clock time, no alarm.
 */
export function terseAlarm(input: BuildInput): Args | undefined {
  const words = String(input.values.rest ?? "")
    .toLowerCase()
    .replace(/[,.!?]+(?=\s|$)/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const days = words.filter((w) => WEEKDAY_WORD.test(w));
  const repeat = days.length >= 2 ? [...new Set(days.map((d) => d.slice(0, 3)))].join(",") : undefined;
  const rest = words
    .filter((w) => !(repeat && WEEKDAY_WORD.test(w)))
    .map((w) => /^([01]\d|2[0-3])([0-5]\d)$/.exec(w)?.slice(1, 3).join(":") ?? w);
  const { zones, now, timezone } = input.env;
  const found = findWhen(rest, { zones, now, timezone, direction: "future" });
  if (!found?.when.hasTime) return undefined;
  const label = rest.filter((w, i) => (i < found.start || i >= found.end) && !TERSE_FILLER.test(w));
  if (label.length > 3 || label.some((w) => /\d/.test(w) || WEEKDAY_WORD.test(w))) return undefined;
  if (label.length > 0 && NOT_A_LABEL.test(label.join(" "))) return undefined;
  return {
    at: found.when.iso,
    ...(repeat ? { repeat } : {}),
    ...(label.length > 0 ? { label: label.join(" ") } : {}),
  };
}

/** Things whose time left is not a kitchen timer's: media, money, machines, meetings, terms. */
export const NOT_TIMED =
  /\b(?:song|track|album|playlist|podcast|episode|film|movie|video|show|audiobook|book|chapter|loan|mortgage|lease|contract|subscription|trial|warranty|licen[cs]e|battery|charge|download|upload|install|installation|update|backup|copy|transfer|meeting|call|class|lesson|lecture|shift|term|semester|year|month|week|day|game|match|half|quarter|flight|journey|trip|drive|parking|clock|card|phone|laptop|computer|plan|budget|balance|account|data|allowance|holiday|leave|sentence|visa|passport)s?\b/i;

/** Timers as people ask after them: all of them cancelled with an aside, one by its label. */
const TIMER_ASIDE_INTENTS: IntentTable = {
  // "cancel all the timers please, every one of them": the aside says all again
  timer_cancel_all: {
    tool: "timer_cancel",
    shapes: [
      {
        t: "(cancel|stop|delete|remove|clear|kill|turn off|get rid of) (all|every one of|each of|all of) [the|my] timers [please|now] [,] [(every one of them|all of them|the lot|every single one|each one|all)] [please]",
        args: { all: true },
      },
    ],
  },
  // "is the rice one still going?": a timer named by what it is for, asked after
  timer_named_running: {
    tool: "timer_list",
    shapes: ["(is|are) [the|my] {label:label} (one|timer) still (going|running|on|ticking|counting)"],
    build: () => ({}),
  },
};

export const TIMER_SITUATION_INTENTS: IntentTable = {
  // A length of time with what it is for, and a call to time it, in the order things happen:
  // the moment first ("in 40 minutes ping me, the washing will be done"), the time one has
  // before something ("I've got 20 minutes before the bus, give me a shout"), a length given to
  // something ("45 minutes of screen time, can you time it"), the thing started then the length
  // ("eggs in. 7 mins"). Matched, never taught: the words around are any words
  timer_situation: {
    tool: "timer_set",
    shapes: [
      "in {duration_s} (ping|buzz|beep|alert|nudge|call|shout for|tell|give) me [a shout|a buzz|a nudge|a ping] [,] [{label:text}]",
      "[{about:text}] (i have|i've got|i have got|i got|we have|we've got) [only|just] {duration_s} (before|until|till|til) {label:text} [,] (give me a shout|shout|tell me|let me know|ping me|warn me|alert me|buzz me|give me a nudge) [{tail:text}]",
      "[{about:text}] {duration_s} (of|for) {label:text} [,] (can you|could you|will you|please) time (it|that|them|this|her|him) [please]",
      {
        t: "{label:text} (in|on|going|started|are in|is in|is on|are on) {duration_s}",
        args: { started: true },
      },
      // Something that must happen after a length ("the sourdough has to come out in an hour")
      "[the|my] {label:text} (has to|needs to|must|should|wants to|is due to) (come out|come off|go in|be done|be checked|be turned|be stirred|be flipped|be ready|rest|cool) in {duration_s}",
      // The length said as what must pass ("…, let me know when half an hour has gone by", "I
      // need to know when seven minutes are up"), the situation first
      "[{about:text}] [,] (i need to know|i want to know|let me know|tell me|give me a shout|shout|ping me|warn me|alert me|buzz me) when {duration_s} (is|are|has|have) (up|gone by|passed|gone|over|done)",
    ],
    build: ({ values, fixed, env }) => {
      const { duration_s } = values;
      if (typeof duration_s !== "number") return undefined;
      // "eggs in. 7 mins": only a break after "in" makes the thing and its length two parts
      if (fixed.started === true && !/^\W*[\w' ]{1,30}?\b(?:in|on|going|started)\s*[.,;:!-]/i.test(env.text))
        return undefined;
      const raw = typeof values.label === "string" ? values.label.trim().replace(/[.,!?]+$/, "") : "";
      // What it is for, in a word or three ("the bus", "the laundry'll be done" → "laundry")
      const label = raw
        .replace(/^(?:the|my|our|a)\s+/i, "")
        .replace(/(?:'ll|\s+will|\s+should|\s+is|'s)\b.*$/i, "")
        .trim();
      const words = label.split(/\s+/).filter(Boolean);
      if (
        words.length === 0 ||
        words.length > 3 ||
        NOT_A_LABEL.test(label) ||
        /\d|^(?:shout|buzz|nudge|ping|call|me)$/i.test(label)
      )
        return { duration_s };
      return { duration_s, label };
    },
  },
  ...TIMER_ASIDE_INTENTS,
};

/** Names that say which one by its time or its kind, not its own name. */
const NOT_A_NAME =
  /^(?:morning|wake up|wakeup|early|next|last|first|second|current|new|old|only|one|other)$|\d/;

/**
 * A guessed cancel reads which one: "every alarm" is all of them, "the gym alarm" the one so
 * named, "the 7 o'clock alarm" the one at that time (alarms only).
 */
export function cancelGuess(input: GuessInput, noun: "alarm" | "timer"): Args {
  const said = input.words.join(" ");
  if (new RegExp(`\\b(?:every|all(?: of)?(?: my| the)?) ${noun}s?\\b`).test(said)) return { all: true };
  if (noun === "alarm") {
    const { zones, now, timezone } = input.env;
    const found = findWhen(input.words, { zones, now, timezone, direction: "future" });
    if (found?.when.hasTime) return { at: found.when.iso };
  }
  // "the pasta timer", or whose it is ("Ava's timer")
  const named =
    new RegExp(`\\b(?:the|my|that) ([a-z]+(?: [a-z]+)?) ${noun}\\b`).exec(said) ??
    new RegExp(`\\b([a-z]+)(?: ?'s|s') ${noun}\\b`).exec(said);
  return named && !NOT_A_NAME.test(named[1]!) ? { label: named[1] } : {};
}
