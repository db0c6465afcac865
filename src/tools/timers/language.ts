import {
  type Args,
  correctedTime,
  findDay,
  findSeconds,
  findWhen,
  formatDuration,
  isWhen,
  NO_ARGS,
  spokenWhen,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withEvery, withPhrasings } from "../language.js";
import { TIMER_GOAL_INTENTS } from "./goals.js";
import { namedAs, timerLabel } from "./labels.js";
import { SAMPLES } from "./samples.js";
import { cancelGuess, NOT_A_LABEL, NOT_TIMED, TIMER_SITUATION_INTENTS, terseAlarm } from "./situations.js";

/** How people ask for timers and alarms (the team's own sentences). */
const ALARM_NOUNS = /\b(?:alarms?|timers?|wake up call)\b/;
const SET = "(set|start|create|make|put on|begin|setup|set up)";
const A = "(a|an|the|one|my)";

/**
 * The other ways of asking for an alarm at a moment: without one of them, the request only
 * said "remind me" (however spelt) and a moment.
 */
const ALARM_VERBS = /\b(?:alarm|alert|call|buzz|ping|beep|let me know|tell me|wake)\b/i;

const TIMER_INTENTS: IntentTable = {
  timer_set: {
    refersTo: ({ label }) => ({ it: typeof label === "string" ? `the ${label} timer` : "the timer" }),
    // Asking whether a length will do is a question about it: a guess never starts the timer
    // "add an hour to the timer": the running timer changed, not a new one started
    vetoes:
      /^(?:do|would|will) you think\b|\b(?:is|be|are) (?:that |it |this )?(?:long )?enough\b|\b(?:add|put|give)\b.*\b(?:to|on) (?:the|my|that|this) (?:\w+ )?timer\b/,
    // "make it 4 minutes": the timer just set is replaced; "cancel that": it is cancelled
    followUp: ({ kind, last, newest, seconds: said, number }) => {
      const cancel = { tool: "timer_cancel", args: newest.t ? { id: newest.t } : {} };
      if (kind === "undo") return cancel;
      // "make it 15": in the unit the timer was set in
      const before = typeof last.args.duration_s === "number" ? last.args.duration_s : 0;
      const unit = before % 3600 === 0 && before > 0 ? 3600 : before % 60 === 0 ? 60 : 1;
      const seconds = said ?? (number !== undefined && number > 0 ? number * unit : undefined);
      if (kind !== "change" || seconds === undefined) return undefined;
      const label = last.args.label === undefined ? {} : { label: last.args.label };
      return [...(newest.t ? [cancel] : []), { tool: "timer_set", args: { duration_s: seconds, ...label } }];
    },
    capability: {
      area: "Timers and alarms",
      can: "set, check and cancel timers and alarms",
      example: "set a timer for 5 minutes",
    },
    ask: { duration_s: "For how long?" },
    describe: ({ duration_s, label }) =>
      typeof duration_s === "number"
        ? `Set a${typeof label === "string" ? ` ${label}` : ""} timer for ${formatDuration(duration_s)}`
        : undefined,
    anchors: /\b(?:timer|countdown|count down|time me|stopwatch)\b/,
    // For retrieval: a length of time said on its own ("45 mins", "in 11 mins") is a countdown
    cues: /\b\d+\s*(?:secs?|seconds?|mins?|minutes?|hrs?|hours?)\b|\b(?:half an|an|a quarter of an) hour\b/i,
    templates: [
      `[${SET}] [me] [${A}] [new] timer (for|of|at|to) {duration_s}`,
      `[${SET}] [me] [${A}] timer {duration_s}`,
      `[${SET}] [me] [${A}] {duration_s} timer`,
      `${SET} [me] ${A} {label} timer (for|of) {duration_s}`,
      `[${SET}] [me] [${A}] timer (for|of) {duration_s} (called|named|labeled|labelled|for|titled) {label}`,
      `[${SET}] [me] [${A}] {duration_s} timer (called|named|labeled|labelled|for) {label}`,
      `[${SET}] [${A}] timer {duration_s} for {label}`,
      "(countdown|count down) [from|for] {duration_s}",
      `${SET} [${A}] (countdown|count down) (for|of) {duration_s}`,
      "time me (for|during) {duration_s}",
      "(remind me|let me know|tell me|alert me|ping me|notify me|beep) in {duration_s}",
      "(let me know|tell me|alert me) when {duration_s} (is|are|has|have) (up|passed|gone by)",
      `${SET} ${A} (timer|alarm) to go off in {duration_s}`,
      "{label} timer (for|of) {duration_s}",
    ],
    // A timer with no length: asked for, never guessed
    asks: [`${SET} [me] ${A} [new] timer [please|for me]`],
    // "set a timer for the pasta": what it times, and the length still to ask. Matched, never
    // taught: taught, "for the" would lean every length-less "for" to a timer
    askShapes: [
      `${SET} [me] ${A} [new] timer for the {label:text}`,
      // "put a countdown on, the thing for the lasagne": a countdown with no length, asked
      "[can you|could you|please] (put|set|start|get) a countdown (on|going) [for me] [,] [{label:text}]",
    ],
    samples: ["i need a timer", "start the kitchen timer", "please time this", "new countdown timer"],
    fallback: (input) => {
      const seconds = findSeconds(input);
      if (seconds === undefined) return undefined;
      const label = namedAs(input.env.text) ?? timerLabel(input.words);
      return { duration_s: seconds, ...(label ? { label } : {}) };
    },
  },
  // "tea, four minutes", "eggs, gimme ninety seconds": what it times, a comma, how long. Only
  // the comma makes it a request: taught, any word before a length would lean to a timer
  timer_terse: {
    tool: "timer_set",
    shapes: ["{label:text} [gimme|give me|just] {duration_s}"],
    build: ({ values, env }) => {
      const { label, duration_s } = values;
      if (typeof label !== "string" || typeof duration_s !== "number") return undefined;
      const name = label.trim();
      const said = env.text.toLowerCase().replace(/\s+,/g, ",");
      if (name.split(/\s+/).length > 3 || !said.includes(`${name.toLowerCase()},`)) return undefined;
      // "no, five minutes" answers or corrects; it names nothing to time
      if (NOT_A_LABEL.test(name)) return undefined;
      return { duration_s, label: name };
    },
  },
  timer_list: {
    refersTo: () => ({ it: "the timer", one: "timer" }),
    lookup: { nouns: ALARM_NOUNS, rank: 4 },
    describe: () => "Check your timers",
    vetoes:
      /\b(?:cancel|delete|remove|stop)\b|^(?:please )?(?:set|start)\b|\b(?:set|start) (?:an|a|my|the) timer/,
    anchors: /\btimers?\b/,
    templates: [
      "(show|list|display|check|get|view|see) [me] [all] [of] [my|the] [current|active|running] timers",
      "(check|show|view) [on] [my|the] timer",
      "what timers (are|do i have|have i got) [running|set|going|active|on]",
      "(how much|how long) [time] is (left|remaining) (on|in|for) [my|the] [{label:label}] timer",
      "how (much time|long) [do i have] (left|remaining) [on|in] [my|the] timer",
      "how long until [my|the] timer (goes off|is done|rings|ends)",
      "[what is the] time (left|remaining) on [my|the] timer",
      "(is|are) [there] [a|my|the|any] timers (running|on|set|going)",
      "is [there] [a|my|the] timer (running|on|set|going)",
      "(do i have|have i got|are there) any timers [running|set|going|active]",
      "[my] timer status",
      "(any|active|running) timers",
    ],
    // The time left on what is cooking or running, named by the thing and not the word "timer"
    // ("how long's left on the rice", "how many minutes left on the eggs"). Matched, never
    // taught; the thing is one to three words, and never a thing whose time is not a timer's
    // (a loan, a battery, a song, a download, a meeting): see `build`
    shapes: [
      "how (long|much time|many minutes|many mins|much longer) [is|'s|has|have i got|do i have|is there] [still] (left|remaining|to go) (on|for|in) [the|my] {label:text} [timer]",
      // Asked bare, the time left is the running timer's ("how long left?")
      "how (long|much time|many minutes|many mins|much longer) [is|'s] [still] (left|remaining|to go) [now|then]",
    ],
    build: (input) => {
      const label = input.values.label;
      if (typeof label !== "string") return {};
      if (label.split(/\s+/).length > 3 || NOT_TIMED.test(label)) return undefined;
      return {};
    },
    samples: ["when will the timer ring", "timers please", "what's left on the clock for my timer"],
    fallback: NO_ARGS,
  },
  timer_cancel: {
    // Timers and alarms share the handle kind; an alarm's label says so
    handles: [{ kind: "t", verbs: ["cancel"], arg: "id", label: /^(?![\s\S]*alarm)/i }],
    describe: ({ label, all }) =>
      all === true
        ? "Cancel all your timers"
        : `Cancel the ${typeof label === "string" ? `${label} ` : ""}timer`,
    anchors:
      /\b(?:cancel|delete|remove|turn off|stop|kill|clear|end)\b.*\btimers?\b|\btimers?\b.*\b(?:off|cancel\w*)\b/,
    templates: [
      "(cancel|stop|delete|remove|clear|kill|end|dismiss|turn off|switch off|abort|disable|scrap|ditch|drop|get rid of) [my|the|that|this] timer",
      "(cancel|stop|delete|remove|clear|kill|end|dismiss|turn off|switch off) [my|the|that] {label} timer",
      {
        t: "(cancel|stop|delete|remove|clear|kill|turn off) all [of] [my|the] timers",
        args: { all: true },
      },
      "(cancel|stop|delete|remove|clear|kill|turn off) [my|the] timers",
      "(never mind|forget) the timer",
      "timer off",
    ],
    samples: ["i don't need the timer anymore", "get rid of the timer"],
    fallback: (input) => cancelGuess(input, "timer"),
  },
};

/** An alarm that belongs to a thing or a place, not to this computer. */
const OTHER_ALARM =
  /\b(?:car|van|smoke|fire|burglar|house|home|building|security|intruder|carbon monoxide|co|shop|neighbou?rs?'?s?) alarm\b|\balarm (?:in|on|of|at) (?:the|my|our|a|next door'?s?|the neighbou?rs?'?) ?(?:car|van|house|building|shop|office|neighbou?rs?)\b/i;

const ALARM_INTENTS: IntentTable = {
  alarm_set: {
    refersTo: () => ({ it: "the alarm" }),
    // "wake my son up first thing": an alarm here wakes whoever is at this computer
    beyond: (_args, env) =>
      /\bwake\s+(?!me\b|us\b|myself\b|ourselves\b)(?:(?:my|our|the)\s+)?[\w']+\s+up\b/i.test(env.text)
        ? "I can only wake you, with an alarm on this computer, not someone else."
        : undefined,
    // "make it 7 instead": the alarm just set moves; "scrap that": it is cancelled
    followUp: ({ kind, last, newest, when, words, said, env }) => {
      const cancel = { tool: "alarm_cancel", args: newest.t ? { id: newest.t } : {} };
      if (kind === "undo") return cancel;
      const { at: _at, ...kept } = last.args;
      // "and a second one at 5:50": another alarm beside the first
      if (kind === "and") {
        const time = words.filter((w) => !/^(?:another|one|more|alarm|also|too)$/.test(w));
        const another = findWhen(time, {
          zones: env.zones,
          now: env.now,
          timezone: env.timezone,
          direction: "future",
        });
        return another?.when.hasTime
          ? { tool: "alarm_set", args: { ...kept, at: another.when.iso } }
          : undefined;
      }
      if (kind !== "change" || !when?.hasTime) return undefined;
      const at = correctedTime(last.args.at, when, said);
      return [...(newest.t ? [cancel] : []), { tool: "alarm_set", args: { ...kept, at } }];
    },
    ask: { at: "For what time?" },
    describe: ({ at, label }, env) =>
      typeof at === "string"
        ? `Set an alarm for ${spokenWhen(at, env)}${typeof label === "string" ? ` (${label})` : ""}`
        : undefined,
    anchors: /\b(?:alarms?|wake|get up|waking)\b/,
    // Asking after an alarm already set is no request to set another
    // "when I wake up at 3 remind me to ring the GP": a task to be reminded of is a reminder's
    // title, which an alarm has nowhere to keep
    vetoes:
      /\b(?:have|had|i've|did i|is there an?)(?: already| just| really| ever)? set\b|\b(?:confirm|check|how many)\b|\bremind (?:me|us) (?:to|about)\b/,
    templates: [
      `${SET} [${A}] [new] [wake up] alarm [clock] [for|at|on] {at}`,
      "new alarm [for|at] {at}",
      `${SET} [${A}] (alert|wake up call|wakeup call|wake up alarm) (for|at) {at}`,
      "i need [a|an] {at} (wake up call|wakeup call|alarm)",
      "{at} (set|alarm please)",
      `${SET} [${A}] [new] alarm [for|at] {at} (called|named|labeled|labelled|for|titled) {label}`,
      `${SET} [${A}] [new] alarm (called|named|labeled|labelled) {label} [for|at] {at}`,
      "(add|schedule|program) [an|a] alarm [for|at] {at}",
      "alarm (at|for|on) {at}",
      `[${SET}] [an|a|my] {at} alarm`,
      "set [my|the] alarm (to|for) {at}",
      "(wake|get) me [up] [at|on|by|around] {at}",
      "i (need|want) (an alarm|to wake up|to get up|to be up) (at|for|by|on) {at}",
      "(i need|i want|i would like) [an|a] alarm (at|for) {at}",
      "i (need|have) to (wake up|get up|be up) (at|by) {at}",
      "(ring|sound) [the|an] [wake up] alarm (at|for) {at}",
    ],
    // "alarm 6.15am": the terse form, the noun then the time. Taught, "alarm" before any
    // moment ("alarm tomorrow?") would lean to setting one; matched whole, only a time follows
    // Terser still: days, a time written as on a clock face ("0530") and a label, in any
    // order after the noun ("alarm tue thu 7am swim", "alarm 0530 label run"): `terseAlarm`
    shapes: [
      "alarm {at} [please]",
      { t: "alarm {rest:text}", args: { terse: true } },
      // Up before something, then the time as an afterthought ("I need to be up before the
      // school run tomorrow, like half six")
      "[i need|i have|i've got|i got|i want] [to] (be up|get up|wake up|be awake|be out of bed) {why:text} [,] [like|say|about|around|at|by|so] {at} [should do it|will do|is fine|should do|please]",
    ],
    build: (input) => {
      if (input.fixed.terse === true) return terseAlarm(input);
      const { at, label, repeat } = input.values;
      if (!isWhen(at)) return undefined;
      return {
        at: at.iso,
        ...(typeof label === "string" ? { label } : {}),
        ...(typeof repeat === "string" ? { repeat } : {}),
      };
    },
    samples: ["i want an alarm", "please set my alarm", "alarm clock for the morning", "wake up call"],
    fallback: (input) => {
      const when = findDay(input);
      if (!when?.hasTime) return undefined;
      const label = namedAs(input.env.text);
      return { at: when.iso, ...(label ? { label } : {}) };
    },
  },
  // "alert me at five pm", "ping me by 6" name a moment and nothing to remember: that is an alarm
  alarm_remind: {
    tool: "alarm_set",
    templates: [
      "remind me (at|by|around) {at}",
      "(set|create|make|add) [me] [a|an] reminder alarm [for|at|on] {at}",
      "(let me know|tell me|alert me|ping me) when it (is|gets to|turns) {at}",
      "(alert|call|buzz|ping|beep) me (at|by) {at} [please]",
      "(alert|call|buzz|ping) me at {at} (to|for) {label:text}",
    ],
    build: (input) => {
      const { at, label } = input.values;
      if (!isWhen(at) || !at.hasTime) return undefined;
      // "remind me at six" says remind, and no more: what to be reminded of is asked for (the
      // reminder's own question), not guessed as a bare alarm. Still taught as an alarm's words,
      // so the classifier's draw is the same
      if (!ALARM_VERBS.test(input.env.text)) return undefined;
      return typeof label === "string" ? { at: at.iso, label } : { at: at.iso };
    },
  },
  alarm_list: {
    refersTo: () => ({ it: "the alarm", one: "alarm" }),
    lookup: { nouns: ALARM_NOUNS, rank: 4 },
    describe: () => "Check your alarms",
    // "and tomorrow?" after listing them: they are all listed already
    followUp: ({ kind, last, when }) => (kind === "and" && when ? { tool: last.tool, args: {} } : undefined),
    vetoes:
      /\b(?:cancel|delete|remove|change|snooze|turn off|disable|scrap|ditch|drop|axe|kill|get rid of)\b|^(?:please )?set\b|(?<!\b(?:have|had|i've|you|did i|do i) )\bset (?:an|a|my|the|up) alarm/,
    anchors: /\b(?:alarms?|wake|waking)\b/,
    templates: [
      "(show|list|display|check|get|view|read) [me] [all] [of] [my|the] [current|active|upcoming] alarms",
      "what alarms (do i have|have i got|are set|have i set|are on|are there|are active) [for {day}]",
      "(when|what time) is my [next] alarm [set] [for]",
      "what time did i set my alarm for",
      "(do i have|are there|is there|have i got|have i set) any alarms [set|on] [for {day}]",
      "(is|are) my alarms set",
      "is my alarm set [for {day}]",
      "[my] (alarms|next alarm)",
      "how many alarms (do i have|are set|have i set|are on|have i got) [set|on|active|currently set|right now]",
      "which alarms are (set|on|active)",
    ],
    samples: ["what time will my alarm go off", "alarm status", "did i set an alarm"],
    fallback: NO_ARGS,
  },
  alarm_list_asked: {
    tool: "alarm_list",
    describe: () => "Check your alarms",
    // Whether it was set, asked by what the person did ("did I remember to set an alarm for the
    // morning", "did I put the wake-up alarm on for tomorrow, I can't recall"): matched, never
    // taught, so "set an alarm" stays the setter's
    shapes: [
      "did i [remember to|forget to] (set|put|turn) [on] (an|the|my) [morning] (alarm|wake up alarm|wake-up alarm|wake up bell|wake-up bell|wake up call|wake-up call) [on] [for {day}|for the morning|for tomorrow morning] [,] [{tail:text}]",
    ],
    build: (input) => (/\b(?:and|then|also)\b/i.test(String(input.values.tail ?? "")) ? undefined : {}),
  },
  alarm_cancel: {
    handles: [{ kind: "t", verbs: ["cancel"], arg: "id", label: /alarm/i }],
    describe: ({ at, all }, env) =>
      all === true
        ? "Cancel all your alarms"
        : typeof at === "string"
          ? `Cancel the alarm for ${spokenWhen(at, env)}`
          : "Cancel the alarm",
    anchors:
      /\b(?:cancel|delete|remove|turn off|switch off|disable|stop|snooze|dismiss|clear|do not|dont|no)\b.*\b(?:alarms?|wake)\b|\balarms?\b.*\b(?:off|removed|cancel\w*|deleted)\b/,
    templates: [
      "(cancel|delete|remove|turn off|disable|switch off|clear|stop|kill|dismiss|deactivate|scrap|ditch|drop|axe|get rid of) [my|the|that|this] [wake up|morning] alarm",
      "(cancel|delete|remove|turn off|disable|switch off|clear|scrap|ditch|drop|get rid of) [my|the] alarm (for|at|on) {at}",
      "(cancel|delete|remove|turn off|disable|switch off|clear|scrap|ditch|drop|get rid of) [my|the] {at} alarm",
      {
        t: "(cancel|delete|remove|turn off|disable|switch off|clear|get rid of) (all|any|every) [of] [my|the] alarms [that i have set|i have set|i set|that are set]",
        args: { all: true },
      },
      "(cancel|delete|remove|turn off|disable|clear) [my|the] alarms",
      "(do not|don't) wake me [up] [{day}]",
      "(i do not|i don't) need [an|the|my] alarm [{day}]",
      "(snooze|silence) [the|my] alarm",
      "[the|my] {at} [alarm] (removed|deleted|cancelled|canceled|off)",
    ],
    // Every alarm cancelled with the reason after ("kill all my alarms, it's saturday"), and one
    // named by its time alone ("cancel the 5.45 one"). Matched, never taught
    shapes: [
      {
        t: "(cancel|kill|delete|remove|turn off|switch off|disable|scrap|ditch|stop|clear|get rid of) (all|every|each) [of] [my|the] alarms [,] {tail:text}",
        args: { all: true },
      },
      "(cancel|kill|delete|remove|turn off|switch off|disable|scrap|ditch|get rid of) the {at} one [,] [{tail:text}]",
    ],
    samples: ["get rid of my alarm", "no alarm tomorrow", "unset the alarm"],
    build: (input) => {
      const args: Args = { ...input.fixed };
      if (isWhen(input.values.at)) args.at = input.values.at.iso;
      // "the 5.45 one" names an alarm by its time: a time it must be ("the big one" is none)
      if (input.values.at !== undefined && !(isWhen(input.values.at) && input.values.at.hasTime))
        return undefined;
      // "stop the alarm", "silence the alarm": the one ringing now is stopped (the alerts'
      // dismiss), not a set alarm cancelled; one named by its time or all of them are cancelled
      if (args.at === undefined && args.all === undefined && RINGING_STOPPED.test(input.env.text))
        return undefined;
      return args;
    },
    // Another thing's alarm ("the alarm in the car keeps beeping", "the smoke alarm") is none of
    // this computer's
    vetoes: OTHER_ALARM,
    fallback: (input) => cancelGuess(input, "alarm"),
  },
};

/** Stopping what rings: "stop the alarm", "silence my alarm", "kill that alarm". */
const RINGING_STOPPED = /^\W*(?:please\s+)?(?:stop|silence|quiet|kill|dismiss|snooze)\b/i;

/** Timers and alarms ring on this computer: one on the kitchen speaker or a phone is not Jarvis's. */
export const TIMERS_LANGUAGE = withPhrasings(
  withEvery(byTool(TIMER_INTENTS, TIMER_SITUATION_INTENTS, TIMER_GOAL_INTENTS, ALARM_INTENTS), {
    thisComputer: true,
  }),
  SAMPLES,
);
