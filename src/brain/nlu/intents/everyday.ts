import { parseMath } from "../slots/index.js";
import { findCity, findDay, findListName, findSeconds, NO_ARGS } from "./helpers.js";
import { type Args, type IntentTable, isWhen } from "./types.js";

/** Timers, alarms, time, calc, weather and lists: the team's own sentences. */
const SET = "(set|start|create|make|put on|begin|setup|set up)";
const A = "(a|an|the|one|my)";

export const TIMER_INTENTS: IntentTable = {
  timer_set: {
    anchors: /\b(?:timer|countdown|count down|time me|stopwatch)\b/,
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
    samples: ["i need a timer", "start the kitchen timer", "please time this", "new countdown timer"],
    fallback: (input) => {
      const seconds = findSeconds(input);
      return seconds === undefined ? undefined : { duration_s: seconds };
    },
  },
  timer_list: {
    vetoes:
      /\b(?:cancel|delete|remove|stop)\b|^(?:please )?(?:set|start)\b|\b(?:set|start) (?:an|a|my|the) timer/,
    anchors: /\btimers?\b/,
    templates: [
      "(show|list|display|check|get|view) [me] [all] [of] [my|the] [current|active|running] timers",
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
    samples: ["when will the timer ring", "timers please", "what's left on the clock for my timer"],
    fallback: NO_ARGS,
  },
  timer_cancel: {
    anchors:
      /\b(?:cancel|delete|remove|turn off|stop|kill|clear|end)\b.*\btimers?\b|\btimers?\b.*\b(?:off|cancel\w*)\b/,
    templates: [
      "(cancel|stop|delete|remove|clear|kill|end|dismiss|turn off|switch off|abort|disable) [my|the|that|this] timer",
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
    fallback: NO_ARGS,
  },
};

export const ALARM_INTENTS: IntentTable = {
  alarm_set: {
    anchors: /\b(?:alarms?|wake|get up|waking)\b/,
    // Asking after an alarm already set is no request to set another
    vetoes: /\b(?:have|had|i've|did i|is there an?) set\b|\b(?:confirm|check|how many)\b/,
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
    samples: ["i want an alarm", "please set my alarm", "alarm clock for the morning", "wake up call"],
    fallback: (input) => {
      const when = findDay(input);
      return when?.hasTime ? { at: when.iso } : undefined;
    },
  },
  // "remind me at five pm" names a moment and nothing to remember: that is an alarm
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
      return typeof label === "string" ? { at: at.iso, label } : { at: at.iso };
    },
  },
  alarm_list: {
    vetoes:
      /\b(?:cancel|delete|remove|change|snooze|turn off|disable)\b|^(?:please )?set\b|(?<!\b(?:have|had|i've|you) )\bset (?:an|a|my|the|up) alarm/,
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
  alarm_cancel: {
    anchors:
      /\b(?:cancel|delete|remove|turn off|switch off|disable|stop|snooze|dismiss|clear|do not|dont|no)\b.*\b(?:alarms?|wake)\b|\balarms?\b.*\b(?:off|removed|cancel\w*|deleted)\b/,
    templates: [
      "(cancel|delete|remove|turn off|disable|switch off|clear|stop|kill|dismiss|deactivate) [my|the|that|this] [wake up|morning] alarm",
      "(cancel|delete|remove|turn off|disable|switch off|clear) [my|the] alarm (for|at|on) {at}",
      "(cancel|delete|remove|turn off|disable|switch off|clear) [my|the] {at} alarm",
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
    samples: ["get rid of my alarm", "no alarm tomorrow", "unset the alarm"],
    build: (input) => {
      const args: Args = { ...input.fixed };
      if (isWhen(input.values.at)) args.at = input.values.at.iso;
      return args;
    },
    fallback: NO_ARGS,
  },
};

const ZONE_OR_CITY = "(in|at|for) ({timezone}|{city})";

export const TIME_INTENTS: IntentTable = {
  time_now: {
    strictScope: true,
    vetoes:
      /\b(?:until|takes?|take|long|wait|expir\w*|due|paid|pay\w*|since|last|travel\w*|arriv\w*|leav\w*|start\w*|open\w*|close\w*|alarms?|timers?|meetings?|events?|birthday|anniversary|party|appointment|song|recorded|born|built|approved|request|bill|owe\w*|holidays?|tires?|car|oil|free time|spare time|shop|express|subtract\w*|added|times|set|reach\w*|birth\w*|sunscreen|umbrella|jacket|coat|weather|rain\w*|snow\w*|sunny|hot|cold|warm)\b|\b(?:hard|bad|good|nice|relaxing|great|rough|sunny|lovely|busy|tiring|having|had|enjoyed) (?:a )?(?:day|time)\b|^what a\b/,
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
    ],
    samples: ["clock", "current date and time", "is it morning or evening where i am"],
    build: (input) => {
      const args: Args = {};
      if (isWhen(input.values.date)) args.date = input.values.date.date;
      if (typeof input.values.timezone === "string") args.timezone = input.values.timezone;
      if (typeof input.values.city === "string") args.city = input.values.city;
      return args;
    },
    fallback: (input) => {
      const city = findCity(input);
      return city ? { city } : {};
    },
  },
};

export const CALC_INTENTS: IntentTable = {
  calc_evaluate: {
    anchors:
      /\d|\b(?:plus|minus|times|divided|percent|square|root|convert|multiply|multiplied|sum|calculate)\b/,
    templates: [
      "(what is|calculate|compute|evaluate|solve|work out|how much is|figure out) {expression} [equal to|equals]",
      "(what is|tell me|give me|what will be) the (answer|result|sum|product|total) (to|of|for) {expression}",
      "(what does|how much does) {expression} (equal|make|come to)",
      "{expression}",
      "{expression} (equals|is) [what]",
      "convert {expression}",
      "how many {unit} (are in|in|is|are|make up|are there in) {quantity}",
      "(what is|how much is|convert) {quantity} (in|to|into) {unit}",
    ],
    samples: ["do some math", "calculate this for me", "can you do arithmetic", "help me with this sum"],
    build: (input) => {
      const { expression, unit, quantity } = input.values;
      if (typeof expression === "string") return { expression };
      if (typeof unit === "string" && typeof quantity === "string")
        return { expression: `${quantity} to ${unit}` };
      return undefined;
    },
    fallback: (input) => {
      // Try the tail after "is"/"of"/"calculate": "what would be 12 times 8"
      for (let i = 0; i < input.words.length; i++) {
        const expression = parseMath(input.words.slice(i));
        if (expression) return { expression };
      }
      return undefined;
    },
  },
};

const LIST = "[my|the|our] {list} list";
/** "the list" with no name: the lists tool uses the most recently used list. */
const ANY_LIST = "(the|my|a|our|that) list";

export const LIST_INTENTS: IntentTable = {
  lists_add: {
    templates: [
      `(add|put|stick|write|include|append|pop|throw) {items} (to|on|onto|in|into) ${LIST}`,
      `(on|to) ${LIST} (add|put) {items}`,
      `${LIST} add {items}`,
      `(i need|we need) to (buy|get|pick up) {items} (add it|put it) (to|on) ${LIST}`,
      `(add|put|stick|write|include|append) {items} (to|on|onto|in|into) ${ANY_LIST}`,
      `(update|extend) ${LIST} with {items}`,
      `[i|we] (need|want) {items} (added|put) (to|on|onto) ${LIST}`,
      `can {items} be added to ${LIST}`,
      {
        t: "(create|make|start|begin|set up) [a|an] [new] list (called|named|titled|for) {list}",
        args: { items: [] },
      },
      { t: "(create|make|start|begin|set up) [a|an|my] [new] {list} list", args: { items: [] } },
    ],
    samples: ["add this to a list", "make a new list", "put it on the list", "add an item to my list"],
    anchors:
      /\b(?:create|make|start|new|begin|put together|generate|bring up|add|put|include|update|jot)\b.*\blist\b|\blist\b.*\b(?:add|put)\b/,
    vetoes: /\b(?:play ?list|list of (?:all|the)|songs?|contacts?|appointments?|meetings?|events?)\b/,
    fallback: (input) => {
      const list = findListName(input.words);
      const items = namedItems(input.words.join(" "));
      if (items) return list ? { list, items } : { items };
      // Otherwise only "make a new X list": creating a named, empty list
      return list && !/\b(?:add|put|include|update)\b/.test(input.words.join(" "))
        ? { list, items: [] }
        : undefined;
    },
  },
  lists_show: {
    vetoes: /\b(?:order|buy|add|remove|delete|clear|put|list of|make a list|create)\b/,
    anchors: /\blists?\b/,
    templates: [
      `(what is|what's|what are|what do i have|what do we have|what else is|what is left) (on|in) ${LIST}`,
      `(show|read|tell|give|display|list|check|open|view|get|recite|read out) [me] [out] ${LIST} [to me]`,
      `(show|read|tell) [me] (what is|what's) on ${LIST}`,
      `(is there|is there anything) (on|in) ${LIST}`,
      "(show|list|read|display) [me] [all] [of] my lists",
      `(what is|what's|what else is|what do i have) on ${ANY_LIST}`,
      `(show|read|tell|give|display|check|open|view) [me] ${ANY_LIST} [to me]`,
      "what lists do i have",
      "(show|list|tell me|read) [me] [all] the lists (i have|i made|there are)",
      "[all] [the] lists (i have|i made)",
      `how many (things|items) are on ${LIST}`,
      // "is there butter on the grocery list": the list is where to look
      `(do i have|do we have|is there|have i got|did i put) {item} (on|in) ${LIST}`,
    ],
    samples: ["check my list", "read my lists to me", "what's next on my list", "which lists do i have"],
    // The item asked about only says which list to read
    build: ({ values }) => (typeof values.list === "string" ? { list: values.list } : {}),
    fallback: (input) => {
      const list = findListName(input.words);
      return list ? { list } : {};
    },
  },
  lists_remove: {
    templates: [
      `(remove|delete|take|cross|strike|scratch|drop|erase|tick|check) {item} (from|off|out of) ${LIST}`,
      `(take|cross|strike|scratch|tick|check) {item} off [of] ${LIST}`,
      `(remove|delete|take|cross|strike|erase) {item} (from|off) ${ANY_LIST}`,
      `(from|on) ${LIST} (remove|delete|cross off) {item}`,
    ],
    samples: ["remove an item from my list", "delete this item", "take something off the list"],
    anchors: /\b(?:remove|delete|take|cross|strike|scratch|erase|drop|tick)\b/,
    vetoes:
      /\b(?:play ?list|songs?|alarms?|reminders?|timers?|meetings?|events?|appointments?|calendar|schedule|contacts?|e ?mails?|files?)\b/,
    fallback: (input) => {
      // "scratch pencils off the stationery list": the thing named between the verb and the list
      const said = input.words.join(" ");
      const m =
        /\b(?:remove|delete|take|cross|strike|scratch|erase|drop|tick) (?:the )?(.+?) (?:from|off|out of)(?: of)? (?:the |my |our )?(.+)$/.exec(
          said,
        );
      if (!m) return undefined;
      const list = findListName(input.words) ?? m[2]!.replace(/\s*\blists?\b.*$/, "").trim();
      const item = m[1]!.trim();
      if (!list || !item || /^(?:it|this|that|them|item|items|everything|all)$/.test(item)) return undefined;
      return { list, item };
    },
  },
  lists_clear: {
    vetoes: /\b(?:order|buy|purchase)\b/,
    anchors: /\blists?\b/,
    templates: [
      `(clear|empty|wipe|reset|erase|clean) [out] ${LIST}`,
      `(delete|remove|clear|erase) (everything|all items|all the items|all things|all) (on|from|in|off) ${LIST}`,
      `(delete|remove|get rid of) ${LIST}`,
      "(delete|remove|get rid of) [my|the] list (of|called|named) {list}",
      `${LIST} (clear|empty)`,
    ],
    samples: ["delete my list", "clear the whole list", "wipe every entry on the list"],
    fallback: (input) => {
      const list = findListName(input.words);
      return list ? { list } : undefined;
    },
  },
};

const VAGUE_ITEM =
  /^(?:it|this|that|them|something|anything|stuff|things?|(?:an?|new|the|some) items?|items?)$/;

/** "put oranges on my grocery list", "on my list add eggs", "put socks onto my list". */
function namedItems(said: string): string[] | undefined {
  const item =
    /\b(?:add|put|include|stick|jot down|append)\s+(.+?)\s+(?:to|on|onto|in|into)\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}list\b/.exec(
      said,
    )?.[1] ??
    /\b(?:to|on)\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}list\s+(?:please\s+)?(?:add|put)\s+(.+)$/.exec(
      said,
    )?.[1] ??
    /\bupdate\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}list\s+with\s+(.+)$/.exec(said)?.[1];
  if (!item) return undefined;
  const items = item
    .split(/\s*(?:,|\band\b)\s*/)
    .map((i) => i.replace(/^(?:some|a|an|the)\s+/, "").trim())
    .filter(Boolean);
  if (items.length === 0 || items.some((i) => VAGUE_ITEM.test(i) || i.split(" ").length > 5))
    return undefined;
  return items;
}
