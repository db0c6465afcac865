import { type Args, findCity, isWhen, ZONE_WORDS } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask for the time and the date (the team's own sentences). */
const ZONE_OR_CITY = "(in|at|for) ({timezone}|{city})";

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

export const TIME_LANGUAGE = withPhrasings(byTool(TIME_INTENTS), SAMPLES);
