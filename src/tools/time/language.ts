import {
  type Args,
  type BuildInput,
  findCity,
  findDay,
  isWhen,
  type LanguageEnv,
  parseNumber,
  parseWhen,
  ZONE_WORDS,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { CONVERT_INTENTS } from "./convert-language.js";
import { holidayKey, holidayName, nextHoliday } from "./holidays.js";
import { SAMPLES } from "./samples.js";

/** How people ask for the time and the date (the team's own sentences). */
const ZONE_OR_CITY = "(in|at|for) ({timezone}|{city})";

/** Someone the time is asked for: a relation, a pronoun, or a name (one or two words). */
const PERSON =
  /^(?:(?:my|our|his|her|their) (?:\w+ )?(?:son|daughter|mum|mom|mother|dad|father|parents|brother|sister|aunt|auntie|uncle|cousin|nan|nana|gran|granny|grandma|grandpa|grandad|grandson|granddaughter|grandkids|kids|children|wife|husband|partner|boyfriend|girlfriend|fiance|fiancee|friend|mate|boss|colleague|client|family|folks|niece|nephew|in-laws|team)|him|her|them)$/i;

const TIME_INTENTS: IntentTable = {
  time_now: {
    capability: {
      area: "Time and dates",
      can: "tell the time anywhere in the world",
      example: "what time is it in Tokyo",
    },
    placeArg: "city",
    lookup: {
      nouns:
        /\b(?:what time|the time|time is it|time now|clock|what day|which day|what date|the date|todays date|time ?zone)\b/,
      vetoes: /\b(?:was|were|did|built|born|good time|when)\b/,
      rank: 10,
    },
    describe: ({ city, timezone, date }) =>
      typeof date === "string"
        ? `Tell you what day ${date} is`
        : `Tell you the time${typeof city === "string" ? ` in ${city}` : typeof timezone === "string" ? ` in ${timezone}` : ""}`,
    // "and in tokyo?" after the time here
    followUp: ({ last, place }) => {
      if (!place) return undefined;
      const zone = ZONE_WORDS[place.toLowerCase()];
      return { tool: last.tool, args: zone ? { timezone: zone } : { city: place } };
    },
    strictScope: true,
    // A count of days from a day ("ten days before the 22nd", "the day after tomorrow") or the
    // gap between two places' clocks is the date or zone arithmetic's, not the time now
    vetoes:
      /\b(?:days?|weeks?|months?|years?|fortnight) (?:before|after|from|prior to|later than|away|hence)\b|\bin (?!the\b|this\b|that\b|which\b|what\b)\w+ (?:days|weeks|months|years|fortnight)\b|\bday (?:after|before) (?:of )?(?:tomorrow|yesterday)\b|\btime difference\b|\b(?:until|takes?|take|long|wait|expir\w*|due|paid|pay\w*|since|last|travel\w*|arriv\w*|leav\w*|start\w*|open\w*|close\w*|alarms?|timers?|meetings?|events?|birthday|anniversary|party|appointment|song|recorded|born|built|approved|request|bill|owe\w*|holidays?|tires?|car|oil|free time|spare time|screen time|how much (?:\w+ )?time|shop|express|subtract\w*|added|times|set|reach\w*|birth\w*|sunscreen|umbrella|jacket|coat|weather|rain\w*|snow\w*|sunny|hot|cold|warm)\b|\b(?:hard|bad|good|nice|relaxing|great|rough|sunny|lovely|busy|tiring|having|had|enjoyed) (?:a )?(?:day|time)\b|^what a\b/,
    anchors: /\b(?:time|clock|date|day|hour|month|year|zone)\b/,
    templates: [
      "what (time|hour) is it [over] [there|here] [now|right now|currently|at the moment] [please]",
      `what time is it [now|right now|currently] [over] [there] ${ZONE_OR_CITY} [now|right now]`,
      `what is the [current|local|exact] time [now|right now|currently] [${ZONE_OR_CITY}] [now|right now|please]`,
      `(tell|give|show) me the [current|local|exact] time [${ZONE_OR_CITY}]`,
      `[the] [current|local] time [now|please] [${ZONE_OR_CITY}]`,
      `time ${ZONE_OR_CITY}`,
      `(do you know|can you tell me) what time it is [${ZONE_OR_CITY}]`,
      "(check|get) the time",
      "how late is it",
      "what is (the date|today date|the date today|the day today|today)",
      "what (date|day) is it [today]",
      "(which|what) day [of the week] is (it|today) [today]",
      "what is the day of the week",
      "what day [of the week] (is|was|will be|will it be) {date:day}",
      "(what day|which day) [of the week] (does|will) {date:day} (fall on|be|land on|come on)",
      "{date:day} (is|falls on|comes on|lands on) what day",
      "on what day (is|does) {date:day} [fall]",
      "what (month|year) is it",
      "(tell|give) me [the|today] date",
      "today date",
      "what (is|will be) the date {date:day}",
      "what date (is|will it be) {date:day}",
      "[the] (current|today's|todays) date [please]",
      "(display|show) [me] [the] [current|today's|todays] date",
      "what does the clock say",
      // Wanting to know, said as a need or a wish rather than a question
      // (a polite lead-in such as "i would like to" is dropped before templates read the words)
      "[i need to|i want to|i would like to|let me] know (what time it is|the time) [now|please]",
      "[i need to|i want to|i would like to|let me] know (what|which) (day|date) (it is|today is) [today|please]",
      "[i need to|i want to|i would like to|let me] know what is (the date|the day) [today|please]",
      "[i need to|i want to|i would like to|let me] know [the] (date|day of the week) [today|please]",
    ],
    // "is it still morning in Denver": the part of the day somewhere is its local time. Matched,
    // not taught: "morning" and "night" lead to alarms and the weather as often
    shapes: [
      `is it [still] (morning|night|evening|afternoon|night time|daytime|lunchtime|bedtime|the middle of the night) [yet|now|already] [over] ${ZONE_OR_CITY} [yet|now|already]`,
      // The weekday of a date, with an aside after it ("which weekday was 3 March 1985? my
      // dad's birthday", "what day of the week is 2026-10-31? planning a party")
      {
        t: "(what|which) (weekday|day of the week|day) (is|was|will be|would be) {date:day} [{tail:text}]",
        args: { weekday: true },
      },
      {
        t: "(what|which) (weekday|day of the week|day) (is|was|will be|would be) {written:text}",
        args: { weekday: true },
      },
      // The hour asked in a learner's order ("which is the hour now in Lima", "which hour is
      // it now in Oslo")
      `(which|what) (is the hour|hour is|hour is it|is the time|time is) [it] [now|right now|currently|at the moment] [over] ${ZONE_OR_CITY} [now|right now|please]`,
      // The time somewhere asked for someone who is there, with the reason around it ("what
      // time is it for my brother in Perth? I don't want to wake him"); `build` keeps the
      // someone a person
      `[{about:text}] what (time|hour) is it [now|right now] (for|where) {who:text} (in|at) {city} [{tail:text}]`,
      // Whether the hour somewhere suits a call: its local time ("is it too late to ring my
      // aunt in Toronto", "my dad's in Denver, is it too early to call him")
      `[{about:text}] is it (too early|too late|a good time|an ok time|ok|okay|alright|rude) [now] to (call|ring|phone|text|message|wake|facetime|video call) {who:text} ${ZONE_OR_CITY} [now|yet|{tail:text}]`,
      "{who:text} (is|'s|lives|is living|is staying|lives out) in {city} [now] [so] is it (too early|too late|a good time|ok|okay|alright|rude) [now] to (call|ring|phone|text|message|wake|facetime) [{whom:text}]",
    ],
    samples: ["clock", "current date and time", "is it morning or evening where i am"],
    build: (input) => {
      const args: Args = {};
      // "for my son", "where Ana is": a person, never a thing ("for my flight in Paris")
      for (const key of ["who", "whom"]) {
        const who = input.matches[key]?.raw.trim();
        if (who !== undefined && !PERSON.test(who) && !/^[A-Z][a-z'-]+$/.test(who)) return undefined;
      }
      // A place runs to the sentence's end, never over it ("in Perth? she'll be asleep")
      if (typeof input.values.city === "string" && /[?!.,;]/.test(input.values.city)) return undefined;
      if (isWhen(input.values.date)) args.date = input.values.date.date;
      // "the date 45 days from now" counts from today: the shift's reading, not a date's
      // as is "the date in 3 weeks" ("after 100 days"), a count ahead with nothing after it
      const counted =
        /^(?:in )?\S+ (?:days?|weeks?|months?|years?) (?:from|after|before|ago|later|away|hence)\b|^(?:in|after) (?!the\b|this\b|that\b)\S+ (?:days?|weeks?|months?|years?)$/i;
      if (counted.test(input.matches.date?.raw ?? "")) return undefined;
      if (input.fixed.weekday === true) {
        // A date written the ISO way is that date, whatever the day slot read around it
        const written = /\b(\d{4}-\d{2}-\d{2})\b/.exec(input.env.text)?.[1];
        if (written) args.date = written;
        // Read as free words, the date must be written out and lead them
        if (typeof input.values.written === "string" && !/^\s*\d{4}-\d{2}-\d{2}\b/.test(input.values.written))
          return undefined;
        const tail = String(input.values.tail ?? "");
        // What follows is an aside after a break, never more of the request
        if (tail && !/[?.!,;:]\s*\S/.test(input.env.text)) return undefined;
        if (typeof args.date !== "string") return undefined;
      }
      if (typeof input.values.timezone === "string") args.timezone = input.values.timezone;
      if (typeof input.values.city === "string") args.city = input.values.city;
      return args;
    },
    fallback: (input) => {
      const city = findCity(input);
      // "the 2026-12-25, which day of week it is?": a date asked about is the day to name; a
      // date written the ISO way is that date whatever else the sentence says
      const asksDay = /\b(?:what|which) day\b|\bday of (?:the )?week\b/.test(input.words.join(" "));
      const written = /\b(\d{4}-\d{2}-\d{2})\b/.exec(input.env.text)?.[1];
      const date = asksDay ? (written ?? findDay(input)?.date) : undefined;
      return { ...(city ? { city } : {}), ...(date ? { date } : {}) };
    },
  },
};

/** A day said by date ("the 3rd of march", "friday") or by name ("christmas"), as the tools take it. */
function spokenDay(text: string, env: LanguageEnv): { iso?: string; name?: string } | undefined {
  const clean = text.trim().replace(/[?.!]+$/, "");
  const holiday = holidayName(clean);
  if (holiday) return { name: holiday === holidayKey(clean) ? clean.toLowerCase() : holiday };
  const words = clean.toLowerCase().split(/\s+/);
  // "since the 1st of january", "how long ago was easter": a day behind us
  const direction = /\b(?:since|ago|was)\b/.test(env.text.toLowerCase()) ? "past" : "future";
  const when = parseWhen(words, { zones: env.zones, now: env.now, timezone: env.timezone, direction });
  return when ? { iso: when.date } : undefined;
}

const today = (env: LanguageEnv) => env.zones.date(env.now, env.timezone);

/** How far from today a count is said to lie ("from now", "from today", "away", "hence"). */
const HENCE = "(from now|from today|after today|away|later|hence|on from today)";

/** "3 weeks", "a hundred days", "two months" → { weeks: 3 }. */

function amountOf(text: string): Args | undefined {
  // The question's own words around the count ("is it six weeks", "will it be 3 days") are not it
  const bare = text
    .trim()
    .toLowerCase()
    .replace(/^(?:(?:is|will|would|it|be|that|the|date|day)\s+)+/, "");
  const m = /^(?:(a|an)|(.+?)) (day|week|month|year)s?$/.exec(bare);
  if (!m) return undefined;
  const n = m[1] ? 1 : parseNumber(m[2]!.split(/\s+/));
  if (n === undefined || !Number.isInteger(n) || n <= 0) return undefined;
  return { [`${m[3]}s`]: n };
}

const DAYS_UNTIL = "(how many|how much) (days|weeks|sleeps|time) [are] [there] [left]";
// "left" said as a learner does ("missing", "remaining", "still"): the days that stay to go.
// Matched only (shapes): taught, the new words moved what the classifier learns (HWU held false
// rose 21.25 → 22.00)
const DAYS_LEFT =
  "(how many|how much) (days|weeks|sleeps|time) [are|is] [there] [still] [left|missing|remaining]";

const DATE_INTENTS: IntentTable = {
  time_until: {
    describe: ({ date }) => (typeof date === "string" ? `Count the days until ${date}` : undefined),
    ask: { date: "Until which day?" },
    // "and easter?", "what about the 1st of May": the same count to another day
    followUp: ({ kind, last, words, env }) => {
      if (kind !== "and" || words.length === 0 || words.length > 5) return undefined;
      const day = spokenDay(words.join(" "), env);
      return day ? { tool: last.tool, args: { date: day.iso ?? day.name } } : undefined;
    },
    // The count asked with its day left unsaid ("how many days until", "how long till …")
    askShapes: [`(${DAYS_UNTIL}|how long) (until|till|til|untill|to go until|is it until)`],
    // "how long til friday", "how long untill christmas": the spellings of "until" the
    // templates leave out
    shapes: [
      "how long [is it] (til|untill|'til|till) {date:text}",
      `(${DAYS_UNTIL}|days|countdown) (til|untill|'til) {date:text}`,
      // With an aside after the day ("how long until friday, I'm counting the hours")
      `(${DAYS_UNTIL}|how long) [is it|is left|to go] (until|till|til|untill|before) {date:text} [,] {tail:text}`,
      // "days left until", "days remaining to", "how many days are missing for": the count with
      // its remainder word, and a learner's "for" for "until"
      `(days|sleeps|weeks) (left|remaining|to go) (until|till|til|untill|to|before) {date:text}`,
      `${DAYS_LEFT} (for|until|till|til|untill|to) {date:text}`,
      // A day behind us asked as "has it been since", a reason said after it ("…? That was the
      // day we moved")
      `(${DAYS_LEFT}|how long) (has it been|have passed|has passed|is it) since {date:text}`,
      `(${DAYS_LEFT}|how long) (has it been|have passed|has passed|is it) since {date:text} [,] {tail:text}`,
      // "how long since <day>", "how many days since <day>, <aside>": the count without its
      // verb, an aside after the day
      `(${DAYS_LEFT}|how long) since {date:text}`,
      `(${DAYS_LEFT}|how long) since {date:text} [,] {tail:text}`,
      // The day named by what happens or happened on it, the date after "on" ("how many days
      // since I started the job on <date>", "how long til my exam on <date>"): the date counts
      `(${DAYS_LEFT}|how long) [has it been|is it|is left|to go] (since|until|till|til|untill|to|before) {what:text} on {date:text}`,
      `(${DAYS_LEFT}|how long) [has it been|is it|is left|to go] (since|until|till|til|untill|to|before) {what:text} on {date:text} [,] {tail:text}`,
    ],
    templates: [
      `${DAYS_UNTIL} (until|till|til|to|before) {date:text}`,
      "how long (until|till|is it until|is it till|to go until|is left until|before) {date:text}",
      "(days|countdown) (until|till|to) {date:text}",
      "how many days (is it|are left|are there) (until|till) {date:text}",
      "how (many days|long) ago (was|is) {date:text}",
      "how many days (since|have passed since) {date:text}",
      "how many days between {from:text} and {date:text}",
      "when is {date:text} [this year|next]",
    ],
    build: (input: BuildInput) => {
      const env = input.env;
      // An aside is kept out; a second request is no aside
      if (/\b(?:and|then|also|remind|set|add|tell|send|book)\b/i.test(String(input.values.tail ?? "")))
        return undefined;
      const date = spokenDay(String(input.values.date ?? ""), env);
      if (!date) return undefined;
      const args: Args = { date: date.iso ?? date.name };
      if (typeof input.values.from === "string") {
        const from = spokenDay(input.values.from, env);
        if (!from) return undefined;
        args.from = from.iso ?? from.name;
      }
      // "when is easter" asks a named day's date; "when is my meeting" is the calendar's
      if (/^when is/.test(input.env.text.toLowerCase().trim()) && !date.name) return undefined;
      return args;
    },
    samples: [
      "how long till the holidays start",
      "count down the days to new year",
      "how many more days till easter",
    ],
  },
  time_shift: {
    describe: (args) =>
      `Work out the date ${Object.entries(args)
        .map(([k, v]) => `${v} ${k}`)
        .join(" and ")} from today`,
    templates: [
      "what (is the date|date is it|day is it|date will it be|day will it be|will the date be) in {amount:text}",
      "what (date|day) is {amount:text} (from now|from today|after today|away|later)",
      "what (date|day) (is|will it be) {amount:text} (from|after) {from:text}",
      "(what was the date|what date was it|what day was it) {amount:text} ago",
      "{amount:text} (from now|from today) (is|will be) what (date|day)",
      "(the|what is the) date {amount:text} from (now|today)",
    ],
    // The amount and the day said first, the question last ("10 days after friday, what date
    // is that"), or the day counted back ("what date is 3 weeks before the 1st of June").
    // Matched, never taught
    shapes: [
      "{amount:text} (after|from|before) {from:text} [,] (what|which) (date|day) (is that|is it|will that be|would that be|does that make|do i get|is this)",
      "(what|which) (date|day) (is|will it be|would it be|was) {amount:text} (before|prior to) {from:text}",
      // The date named first, then how far from which day ("the date six weeks after the 3rd")
      "[what is|what's|tell me|give me] [the] date {amount:text} (after|from|before|prior to) {from:text}",
      // The question's verb said between the date and the count, or the count said first
      // ("which day is it 9 days from now", "what would the date be in a month", "two weeks from
      // today what date is"): the count is a value shape, so any verb words around it are read off
      `(what|which) (date|day) {amount:text} ${HENCE}`,
      `what (will|would|is) the (date|day) [be] (in {amount:text}|{amount:text} ${HENCE})`,
      `{amount:text} ${HENCE} [,] (what|which) (date|day) [{tail:text}]`,
      // What lies that far ahead said first ("the exam is 40 days from today, what date is that")
      `{about:text} (is|are|'s|falls) {amount:text} ${HENCE} [,] (what|which) (date|day) [{tail:text}]`,
      "(what|which) (date|day) (is it|will it be|will be|would it be|would be|is) (after|in) {amount:text} [from now|from today]",
      // The date a count away, with the verb a date takes ("falls", "lands") or a reason said
      // after the question ("what is the date 30 days from today? the lease ends then")
      `(what|which) (date|day) (falls|lands|comes|will fall|will land|would fall) [on] {amount:text} ${HENCE} [,] [{tail:text}]`,
      `(what is|what's) the (date|day) {amount:text} ${HENCE} [,] {tail:text}`,
    ],
    // "and in ten?", "what about 4 weeks": the same count again, in the unit said or the last one
    followUp: ({ kind, last, words }) => {
      if (kind !== "and" || words.length === 0 || words.length > 4) return undefined;
      const said = words.join(" ").replace(/^in /, "");
      const unit = Object.keys(last.args).find((k) => k !== "from");
      const n = parseNumber(said.split(" "));
      const amount =
        amountOf(said) ??
        (unit && n !== undefined && Number.isInteger(n) && n > 0 ? { [unit]: n } : undefined);
      return amount ? { tool: last.tool, args: { ...amount } } : undefined;
    },
    build: (input: BuildInput) => {
      // An aside is kept out; a second request is no aside
      if (/\b(?:and|then|also|remind|set|add|tell|send|book)\b/i.test(String(input.values.tail ?? "")))
        return undefined;
      const amount = amountOf(String(input.values.amount ?? ""));
      if (!amount) return undefined;
      const args: Args = { ...amount };
      if (/\b(?:ago|before|prior to)\b/.test(input.env.text.toLowerCase()))
        for (const k of Object.keys(args)) args[k] = -(args[k] as number);
      if (typeof input.values.from === "string") {
        const from = spokenDay(input.values.from, input.env);
        if (!from) return undefined;
        args.from = from.iso ?? from.name;
      }
      return args;
    },
    samples: ["what's the date a fortnight from now", "which date is ninety days out"],
  },
};

/** "what day of the week is christmas": a named day's weekday is the clock's answer too. */
const NAMED_DAY_INTENTS: IntentTable = {
  time_weekday_named: {
    tool: "time_now",
    templates: [
      "(what|which) day [of the week] (is|does) {day:text} [fall on|land on|on] [this year|next year]",
      "{day:text} (is|falls on) (what|which) day [of the week] [this year]",
      "what day does {day:text} fall on",
    ],
    build: (input: BuildInput) => {
      const text = String(input.values.day ?? "");
      const date = nextHoliday(text, today(input.env));
      return date ? { date } : undefined;
    },
  },
};

export const TIME_LANGUAGE = withPhrasings(
  byTool(TIME_INTENTS, CONVERT_INTENTS, DATE_INTENTS, NAMED_DAY_INTENTS),
  SAMPLES,
);
