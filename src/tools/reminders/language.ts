import {
  type Args,
  type BuildInput,
  correctedTime,
  findWhen,
  type GuessInput,
  isWhen,
  NO_ARGS,
  officeHours,
  spokenWhen,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask for reminders (the team's own sentences). */
const DUE = "[{due}]";

function reminder(input: BuildInput): Args | undefined {
  const title = input.values.title ?? input.fixed.title;
  if (typeof title !== "string") return undefined;
  // "reminder: call the bank": only the colon makes the noun a request
  // … or after a refused aside ("not an alarm, just a reminder: …")
  if (
    input.fixed.colon === true &&
    !/(?:^\s*|[,.;]\s*(?:just |only )?(?:a )?)(?:new )?reminder\b[^:?]*:[^?]*$/i.test(input.env.text)
  )
    return undefined;
  const args: Args = { title: title.replace(/^to\s+/i, "") };
  if (typeof input.values.list === "string") args.list = input.values.list;
  if (isWhen(input.values.due))
    args.due = officeHours(input.values.due, input.matches.due?.raw ?? "", input.env).iso;
  // "i have a meeting tomorrow at ten, remind me": the date is inside what to remember
  if (input.fixed.trailing === true) {
    const { zones, now, timezone, memo } = input.env;
    const when = findWhen(title.toLowerCase().split(/\s+/), {
      zones,
      now,
      timezone,
      direction: "future",
      memo,
    });
    if (!when) return undefined;
    args.due = officeHours(when.when, title, input.env).iso;
  }
  return args;
}

/** "the top one", "the second reminder": where it sat in a listing, not what it is called. */
const POSITION =
  /^(?:the|that|this) (?:first|second|third|fourth|fifth|top|bottom|last|next|\d+(?:st|nd|rd|th))(?: one| reminder)?$/i;

const REMINDER_INTENTS: IntentTable = {
  reminders_create: {
    // One event, one reminder: "each month" is a routine's, not this tool's
    once: true,
    // "remind Tom to bring the cake": a reminder reaches only the person Jarvis serves
    beyond: (_args, env) =>
      /^\W*(?:(?:please|can you|could you|would you|will you|pls)\s+)*remind\s+(?!me\b|us\b|myself\b|ourselves\b)[\w']+(?:\s+[\w']+){0,4}?\s+(?:to|about|that)\b/i.test(
        env.text,
      )
        ? "I can only remind you, not someone else. I could send them an email instead."
        : undefined,
    capability: {
      area: "Reminders",
      can: "set, list and complete reminders",
      example: "remind me to call mom at 5",
    },
    ask: { title: "What should I remind you about?", due: "When should I remind you?" },
    // "make that 9", "at 4 pm" right after it: the same reminder at the time said. The reminder
    // just made (the newest #e handle) is changed in place, never left beside a second one
    followUp: ({ kind, last, when, said, newest }) =>
      kind === "change" && when?.hasTime && typeof last.args.title === "string"
        ? {
            tool: "reminders_create",
            args: {
              ...last.args,
              due: correctedTime(last.args.due, when, said),
              ...(newest.e ? { replaces: newest.e } : {}),
            },
          }
        : undefined,
    describe: ({ title, due }, env) =>
      typeof title === "string"
        ? `Remind you to ${title}${typeof due === "string" ? ` ${spokenWhen(due, env)}` : ""}`
        : undefined,
    templates: [
      `remind me to {title} ${DUE}`,
      "remind me {due} to {title}",
      "remind me (about|of|that) {title} {due}",
      "remind me {due} (about|of|that) {title}",
      "remind me (about|of|that) {title}",
      {
        t: "{title} [so] [please|can you|could you|will you] remind me [about it|of it|then]",
        args: { trailing: true },
      },
      `(set|create|add|make|schedule) [me] [a|an] [new] reminder (to|for|about|that) {title} ${DUE}`,
      "(set|create|add|make|schedule) [me] [a|an] [new] reminder [for|at|on] {due} (to|for|about|that) {title}",
      `(do not|don't|never) let me forget (to|about) {title} ${DUE}`,
      // A notification or a notice at a time is a reminder
      "(set|create|add|send me|give me) [a|an|me] (notification|notice|alert) (about|of|for|on) {title} {due}",
      "(set|create|add|send me|give me) [a|an|me] (notification|notice|alert) [for|on|at] {due} (about|of|for|on) {title}",
      "notify me (about|of) {title} {due}",
      `(add|put) {title} (to|on|in) my reminders ${DUE}`,
      `remember to {title} ${DUE}`,
      "new reminder {title}",
      { t: "remind me {due}", args: { title: "Reminder" } },
      { t: "new reminder (at|for|on) {due}", args: { title: "Reminder" } },
      {
        t: "(set|create|add|make) [me] [a|an] reminder [notification|alert] (for|at|on) {due}",
        args: { title: "Reminder" },
      },
    ],
    // "put book the MOT on my Car reminders": which list, said in the way only reminders are named
    shapes: [
      `(add|put|stick|pop) {title} (on|to|onto|in|into) [my|the] {list} (reminders|reminder list) [list] ${DUE}`,
      // "reminder: call the bank, friday 5pm", "reminder on the Work list: book the MOT"
      { t: `[new] reminder {title} ${DUE}`, args: { colon: true } },
      // "just a reminder: Thursday, recycling out": the moment first, then what
      { t: "[just|only] [a] [new] reminder {due} {title}", args: { colon: true } },
      // The request said as what the speaker wants Jarvis to do, a learner's way ("I want you
      // remind me on Friday to pay the rent")
      `(i want you|i want that you|i need you|i would like you|i'd like you) [to] remind me {due} (to|about) {title}`,
      `(i want you|i want that you|i need you|i would like you|i'd like you) [to] remind me (to|about) {title} ${DUE}`,
      // The moment said first, then the request ("in two hours remind me to …", "after lunch,
      // remind me to …"): the moment leads as a frame. Matched, never taught (taught, a leading
      // moment would lean every timed sentence to a reminder)
      `{due} [then|so] [please|can you|could you|will you] (remind|nudge|prod) me [to|about|that] {title}`,
      // A moment named by what the user is doing then ("remind me after my shift to …", "when
      // I get home"): the reminder is set, the moment kept in the user's words only
      {
        t: "[please|can you|could you] remind me (after|before|when|once) {moment:text} (to|about) {title}",
        args: { loose: true },
      },
      // A moment too loose to be a time ("in a bit", "later", "after lunch"): the reminder is
      // set and the moment asked for
      {
        t: `(in a bit|in a while|in a little while|later|later on|at some point|after (lunch|dinner|tea|breakfast|work|school|the school run)) [then|so] [please|can you|could you|will you] (remind|nudge|prod) me (to|about|that) {title}`,
        args: { loose: true },
      },
      // "prod me on sunday to ring grandma": everyday verbs for a reminder, matched only
      "(nudge|prod|poke) me {due} (to|about) {title}",
      `(nudge|prod|poke) me (to|about) {title} ${DUE}`,
      {
        t: `[new] reminder (on|in|for) [my|the] {list} [list|reminders] {title} ${DUE}`,
        args: { colon: true },
      },
    ],
    // "remind me" alone: what to be reminded of is asked for, never guessed
    askShapes: ["[please|can you|could you|will you] remind me [please|later|later on]"],
    samples: ["set a reminder", "i need a reminder", "can you remind me later", "create a new reminder"],
    build: reminder,
    anchors: /\b(?:remind|reminder|forget)\b/,
    // A reminder that wakes you or rings at an hour is an alarm ("set a reminder alarm for 3 pm")
    vetoes: /\b(?:alarms?|wake (?:me )?up|waking)\b|^(?:let me know|tell me) when it is\b/,
    fallback: reminderGuess,
  },
  reminders_list: {
    refersTo: () => ({ it: "the reminder", one: "reminder" }),
    lookup: { nouns: /\breminders?\b/, rank: 3 },
    describe: () => "Show your reminders",
    followUp: ({ kind, last, when }) => (kind === "and" && when ? { tool: last.tool, args: {} } : undefined),
    // "done with the dentist reminder" closes one; it does not ask to see them
    vetoes: /\b(?:set|create|add|remind me to|make|done with|finished with)\b/,
    anchors: /\breminders?\b|\bremind\b/,
    templates: [
      "(show|list|read|display|check|get|tell|give) [me] [all] [of] [my|the] [upcoming|open|pending] reminders [for {day}]",
      "(show|read|tell|give) [me] [my|the] (reminder|reminders) list [to me]",
      "what (are|is) my reminders [for {day}]",
      "what reminders (do i have|have i got|are there|are set) [for {day}]",
      "(do i have|are there|have i got|is there) any reminders [for {day}]",
      "what did i ask you to remind me [about|of]",
      "[my] reminders",
      "(what|which) reminders are (due|pending|open) [{day}]",
    ],
    // The closed ones asked for too ("the done ones as well", "the reminders I've already
    // ticked off too"), and a number of the next ones ("just the next ten, soonest first").
    // Matched, never taught
    shapes: [
      {
        t: "[show|list|read|give|tell] [me] [all] [my|the] [reminders] [,] [and|with|including|plus] (the|my) (done|finished|completed|ticked off|closed|old) (ones|reminders) (as well|too|also|included)",
        args: { include_completed: true },
      },
      {
        t: "(show|list|read|give|tell) [me] [all] [my|the] reminders (i have|i've|i) (already|also) (done|finished|completed|ticked off) [too|as well]",
        args: { include_completed: true },
      },
      {
        t: "(show|list|read|give|tell) [me] [all] [my|the] reminders (including|with|and) (the|my) (done|finished|completed|ticked off|closed|old) (ones|reminders)",
        args: { include_completed: true },
      },
      "[show me|give me|just] (the|my) next {limit:number} reminders [,] [soonest first|in order|please]",
    ],
    build: ({ values, fixed }) => ({
      ...(fixed.include_completed === true ? { include_completed: true } : {}),
      ...(typeof values.limit === "number" && values.limit > 0 && values.limit <= 200
        ? { limit: values.limit }
        : {}),
    }),
    samples: ["what am i supposed to remember", "pending reminders", "my to remind list"],
    fallback: NO_ARGS,
  },
};

const REMINDER_EDIT_INTENTS: IntentTable = {
  reminders_complete: {
    ask: {
      id: 'Which reminder? Ask me to show them first, then say which one (for example "the second one").',
    },
    accepts: { id: ["e"] },
    describe: ({ id }) =>
      typeof id === "string" && !id.startsWith("#") ? `Mark "${id}" done` : "Mark that reminder done",
    templates: [
      "(mark|tick|check) [off] [the reminder] {id:text} (as|as being) (done|complete|completed|finished)",
      "(tick|check|cross) off [the reminder] {id:text}",
      "(complete|finish) the reminder {id:text}",
      "i (have|already) (done|did|finished|completed) {id:text}",
      "(mark|set) (it|that|that one|this) (as|to) (done|complete|completed)",
    ],
    // "done with the gas bill reminder": said of a reminder only. Taught, "done with" would
    // close a reminder on any sentence that says it
    shapes: [
      "[i am|i'm|im|i have|i've] (done with|finished with) {id:text} reminder",
      // "done with 'renew passport'", "the boiler one is done": a reminder named by a word of
      // its title and "one", or quoted. `build` keeps a quoted title only when it was quoted
      "[i am|i'm|im|i have|i've] (done with|finished with|finished|done) [the|that] {id:text} one",
      "(the|that) {id:text} one (is|'s|has been) [now|all] (done|finished|sorted|dealt with|complete)",
      {
        t: "[i am|i'm|im|i have|i've] (done with|finished with|finished|done) {id:text}",
        args: { quoted: true },
      },
      // "mark 'renew the permit' done": the title quoted, the verb's "as" dropped. Only quoted,
      // since "mark the calendar done" names no reminder
      { t: "(mark|tick) [off] {id:text} (done|complete|completed|finished)", args: { quoted: true } },
    ],
    build: (input) => {
      const id = input.values.id;
      // "the second one": a position in a listing is a handle to ask for, not a title
      if (typeof id === "string" && POSITION.test(id)) return undefined;
      if (
        input.fixed.quoted === true &&
        !/\b(?:mark|tick|with|finished|done)\s+(?:off\s+)?["'‘“]/i.test(input.env.text)
      )
        return undefined;
      if (typeof id === "string") return { id: id.replace(/^["'‘“]|["'’”]$/g, "") };
      // "mark it done": the reminder is the one just listed or set
      return input.fixed.id === undefined ? undefined : { id: input.fixed.id };
    },
    // A place in the last listing with no listing to point into ("the first one's done",
    // "done with the top one"): which reminder is asked
    askShapes: [
      "[i am|i'm|im|i have|i've] (done with|finished with|finished|done) (the|that) (first|second|third|top|last|bottom|next) [one|reminder]",
      "(the|that) (first|second|third|top|last|bottom|next) (one|reminder) (is|'s|has been) [now|all] (done|finished|sorted|complete)",
    ],
    samples: ["that reminder is done", "i did that task already", "tick that one off"],
  },
};

/** "the second reminder" with its article and noun taken by the shape: a place, not a title. */
const PLACE_WORD =
  /^(?:first|second|third|fourth|fifth|top|bottom|last|next|latest|newest|\d+(?:st|nd|rd|th))$/i;

/** A reminder's own title as said, its quotes taken off ("'ring Gary'" is ring Gary). */
const unquoted = (said: unknown): string | undefined =>
  typeof said === "string"
    ? said
        .trim()
        .replace(/^["'‘“]|["'’”.!?]+$/g, "")
        .trim() || undefined
    : undefined;

/** Verbs that give a thing that exists a new time. */
const MOVE = "(move|change|shift|push|switch|reschedule|bump)";

/**
 * A reminder that exists, named by its title, with a new value (issue 16, things named by their
 * name): "move the plumber reminder to thursday", "change the reminder 'call the bank' to 5pm",
 * "rename the reminder bread to rye bread". The word "reminder" names which kind of thing it is,
 * so these never reach the calendar's moves or make a second reminder beside the first; a
 * position in a listing ("the second reminder") is a handle to ask for, not a title.
 */
const REMINDER_CHANGE_INTENTS: IntentTable = {
  reminders_update: {
    ask: {
      id: 'Which reminder? Ask me to show them first, then say which one (for example "the second one").',
    },
    accepts: { id: ["e"] },
    describe: ({ id, due, title }, env) => {
      const which = typeof id === "string" && !id.startsWith("#") ? `"${id}"` : "that reminder";
      if (typeof title === "string") return `Rename ${which} to "${title}"`;
      return typeof due === "string" ? `Move ${which} to ${spokenWhen(due, env)}` : undefined;
    },
    // Matched, never taught: taught, "move X to Y" would lean every move to a reminder
    shapes: [
      `${MOVE} [the|my] {id:text} reminder (to|for|till|until) {due}`,
      `${MOVE} [the|my] reminder [called|named|for|about] {id:text} (to|for|till|until) {due}`,
      "(rename|retitle) [the|my] reminder [called|named] {id:text} (to|as) {title:text}",
      "(rename|retitle) [the|my] {id:text} reminder (to|as) {title:text}",
      "(change|edit) [the|my] reminder [called|named] {id:text} (so it says|to say|to read) {title:text}",
    ],
    build: (input) => {
      const id = unquoted(input.values.id);
      // A reminder not made yet ("a new reminder") names nothing to change
      if (
        !id ||
        POSITION.test(id) ||
        PLACE_WORD.test(id) ||
        /^(?:(?:the|my|a|an|that|this|it|new)\b\s*)+$|^(?:a|an|new)\s/i.test(id)
      )
        return undefined;
      const title = unquoted(input.values.title);
      if (title) return { id, title };
      if (!isWhen(input.values.due)) return undefined;
      return { id, due: officeHours(input.values.due, input.matches.due?.raw ?? "", input.env).iso };
    },
  },
};

const REMIND_LEAD =
  /^(?:please |can you |could you |will you )*(?:remind me|(?:nudge|prod|poke|jog) me|give me a (?:nudge|prod|shout)|set a reminder|make a reminder|add a reminder|reminder)(?: (?:to|about|of|that|for))?$/;

/**
 * "in twenty minutes remind me to check the oven": only with a date; the title is what is left
 * once the date and "remind me to" are taken out, in the user's own words.
 */
function reminderGuess(input: GuessInput): Args | undefined {
  const { words, tokens, env } = input;
  const found = findWhen(words, {
    zones: env.zones,
    now: env.now,
    timezone: env.timezone,
    direction: "future",
  });
  if (!found) return undefined;
  const due = officeHours(found.when, words.slice(found.start, found.end).join(" "), env).iso;
  const keep = words.map((_w, i) => i < found.start || i >= found.end);
  // Drop the asking words wherever they are: the longest "remind me to" run from the left
  let start = 0;
  while (start < words.length && !keep[start]) start += 1;
  for (let end = words.length; end > start; end--) {
    if (
      REMIND_LEAD.test(
        words
          .slice(start, end)
          .filter((_w, i) => keep[start + i])
          .join(" "),
      )
    ) {
      for (let i = start; i < end; i++) keep[i] = false;
      break;
    }
  }
  const list = namedList(words, tokens, keep, env.text);
  const spans = tokens.filter((_t, i) => keep[i]).map((t) => env.text.slice(t.start, t.end));
  const title = spans
    .join(" ")
    .replace(/^(?:to|about|that|and|then)\s+/i, "")
    // "…, due Thursday": the word that led to the moment is no part of the title
    .replace(/[,\s]+(?:due|by|on|for|at)$/i, "")
    .replace(/[,.!?:]+$/, "")
    .trim();
  const named = list ? { list } : {};
  return title.length >= 2
    ? { title, due, ...named }
    : { title: env.text.trim().replace(/[.!?]+$/, ""), due, ...named };
}

/**
 * "on my Work reminders", "to the Car reminder list": the list the reminder goes on, as said.
 * Its words (and an "add"/"put" before them) are taken out of the title.
 */
function namedList(
  words: readonly string[],
  tokens: GuessInput["tokens"],
  keep: boolean[],
  text: string,
): string | undefined {
  for (let i = 0; i + 2 < words.length; i++) {
    if (!/^(?:to|on|in|onto|into)$/.test(words[i]!) || !/^(?:my|the)$/.test(words[i + 1]!)) continue;
    for (let j = i + 2; j < Math.min(words.length, i + 6); j++) {
      if (!/^reminders?$/.test(words[j]!)) continue;
      if (j === i + 2) return undefined;
      const end = words[j + 1] === "list" ? j + 1 : j;
      const first = i > 0 && /^(?:add|put|stick|pop)$/.test(words[i - 1]!) ? i - 1 : i;
      for (let k = first; k <= end; k++) keep[k] = false;
      return text.slice(tokens[i + 2]!.start, tokens[j - 1]!.end);
    }
  }
  return undefined;
}

export const REMINDERS_LANGUAGE = withPhrasings(
  byTool(REMINDER_INTENTS, REMINDER_EDIT_INTENTS, REMINDER_CHANGE_INTENTS),
  SAMPLES,
);
