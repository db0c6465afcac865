import {
  type Args,
  type BuildInput,
  type FollowUpInput,
  findCity,
  findDay,
  isWhen,
  type LanguageCall,
  type LanguageEnv,
  parseNumber,
  spokenWhen,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask about the weather now and ahead (the team's own sentences). */

const CONDITION =
  "(raining|snowing|sunny|cloudy|windy|cold|hot|warm|freezing|foggy|humid|nice|stormy|chilly|pouring)";
const FUTURE_CONDITION =
  "(rain|snow|be sunny|be cloudy|be windy|be cold|be hot|be warm|be freezing|storm|be nice)";
const IN_CITY = "[in|for|at] {city}";
/** The moment "now", said after the place. */
const NOW = "(now|right now|at the moment|currently|just now|this minute)";
/** What it is like out there, a word more widely than `CONDITION` (matched only, never taught). */
const NOW_CONDITION =
  "(windy|icy|frosty|foggy|misty|drizzly|drizzling|breezy|muggy|overcast|snowy|rainy|stormy|humid|sunny|cloudy|cold|hot|warm|freezing|chilly|wet|dry|raining|snowing|pouring|hailing|bright|dark)";
/** What the weather may bring. */
const COMING =
  "(frost|frosts|ice|snow|rain|storm|storms|thunder|thunderstorms|hail|fog|gales|wind|heatwave|heat wave|showers|sleet|drizzle)";
const TO_COME =
  "(freeze|frost|snow|rain|hail|thunder|storm|drizzle|sleet|be icy|be frosty|be foggy|be windy|get cold|get colder|get below freezing|drop below freezing|go below freezing)";
/** A span ahead said as nights or days to come. */
const AHEAD =
  "({date:day}|[over|for|in] the next (few|couple of|two|three|2|3) (nights|days)|later|later on)";
/** What is worn or carried against the weather, and the question whether it is needed. */
const GEAR =
  "(coat|jacket|raincoat|rain coat|umbrella|brolly|sunscreen|sun cream|suncream|sunhat|sun hat|wellies|wellingtons|boots|jumper|scarf|gloves|hat|waterproof|waterproofs|fleece|shorts)";
const GEAR_ASK = `[{about:text}] [,] (do|will|should|shall|would) (i|we) (need|take|bring|pack|wear|want) [a|an|my|the|some|our] ${GEAR}`;
/** A place said with its preposition: "we're driving to X" after a break names no city asked. */
const AT_CITY = "(in|for|at|over) {city}";
/** Temperatures of appliances, food and roads are not the weather's. */
const NOT_WEATHER =
  /\b(?:ac|air conditioning|thermostat|oven|fridge|heater|bake\w*|baking|cook\w*|roast\w*|fry\w*|frying|oil|chicken|meat|steak|turkey|road)\b/;

const WEATHER_NOUNS =
  /\b(?:weather|forecast|rain\w*|snow\w*|sunny|sunshine|sunblock|sunscreen|umbrella|temperature|degrees|humid\w*|wind\w*|storm\w*|cloud\w*|fog\w*|hot|cold|warm|chilly|freezing|heat ?wave|thunder\w*|hail|drizzle|celsius|fahrenheit)\b/;
const WEATHER_LOOKUP = {
  nouns: WEATHER_NOUNS,
  vetoes: /\b(?:oil|bake\w*|chicken|meat|oven|fry\w*|grill\w*|water|should|news)\b/,
  rank: 9,
};

/** "and tomorrow?" moves between now and the forecast; "what about paris?" keeps the day. */
function weatherFollowUp({ last, place, when, env }: FollowUpInput): LanguageCall | undefined {
  const city = typeof last.args.city === "string" ? { city: last.args.city } : {};
  if (place) return { tool: last.tool, args: { ...last.args, city: place } };
  if (!when) return undefined;
  if (when.date === env.zones.date(env.now, env.timezone)) return { tool: "weather_current", args: city };
  return { tool: "weather_forecast", args: { ...city, date: when.date } };
}

/** The forecast covers today and the next 15 days (the service's 16); a later date it cannot tell. */
const FORECAST_DAYS = 16;
const DAY_MS = 86_400_000;

function pastTheForecast(date: string, env: LanguageEnv): string | undefined {
  const today = Date.parse(`${env.zones.date(env.now, env.timezone)}T00:00:00Z`);
  const ahead = (Date.parse(`${date}T00:00:00Z`) - today) / DAY_MS;
  return ahead >= FORECAST_DAYS
    ? `I can only see the weather up to ${FORECAST_DAYS - 1} days ahead; ask me nearer the time.`
    : undefined;
}

function where(city: unknown): string {
  return typeof city === "string" ? ` in ${city}` : "";
}

function forecast(input: BuildInput): Args | undefined {
  const args: Args = {};
  if (typeof input.values.city === "string") args.city = input.values.city;
  const day = input.values.date;
  if (isWhen(day)) {
    const said = input.matches.date?.raw.toLowerCase() ?? "";
    // "this week", "the next few days" are a span; "in 10 days" is one day
    // "the next 5 days": that many days, not a week
    const count = /\b(\w+) days\b/.exec(said)?.[1];
    const n = count === undefined ? undefined : parseNumber([count]);
    const span = typeof n === "number" && n >= 2 && n <= FORECAST_DAYS && !/^in \w+ days$/.test(said);
    if (span) args.days = n;
    else if (/\b(?:week|weekend|days)\b/.test(said) && !/^in\b/.test(said)) args.days = 7;
    else args.date = day.date;
  }
  return args;
}

const WEATHER_INTENTS: IntentTable = {
  weather_current: {
    capability: {
      area: "Weather",
      can: "check the weather and the forecast",
      example: "what's the weather tomorrow",
    },
    ask: { city: "Which city?" },
    // Said once, the city is the one the weather is about until another is said
    remember: ["city"],
    placeArg: "city",
    lookup: WEATHER_LOOKUP,
    followUp: weatherFollowUp,
    describe: ({ city }) => `Check the weather${where(city)}`,
    // Sure and about how it will be out there: what to wear or bring, a day at the beach
    loose: /\b(?:wear|nice|beach|shine|sun\w*|outside|out|bring|pack|dress)\b/,
    vetoes: NOT_WEATHER,
    anchors:
      /\b(?:weather|rain\w*|snow\w*|sunny|sun|temperature|hot|hotter|cold|colder|warm\w*|forecast|umbrella|jacket|coat|wind\w*|humid\w*|cloud\w*|degrees|storm\w*|fog\w*|outside|sunscreen|freezing|chilly|shorts|raincoat)\b/,
    templates: [
      `(what is|how is) the weather [like] [outside] [today|now|right now|currently|at the moment] [${IN_CITY}] [today|now|right now]`,
      `[the] weather [like] [today|now|right now] [${IN_CITY}] [today|now|right now|please]`,
      `(tell|give|show) me the weather [today|now] [${IN_CITY}] [today|now]`,
      `(check|get) the weather [${IN_CITY}]`,
      `(what is|how is) it like outside [${IN_CITY}]`,
      `is it ${CONDITION} [outside|out] [today|now|right now] [${IN_CITY}] [today|now|right now]`,
      `how (hot|cold|warm|windy|humid) is it [outside|out] [today|now|right now] [${IN_CITY}] [today|now]`,
      `what is the [current] (temperature|humidity|wind speed) [outside|today|now|right now] [${IN_CITY}] [today|now]`,
      `[current] (temperature|conditions|weather conditions) [${IN_CITY}]`,
      "(do|will) i need (an umbrella|a jacket|a coat|sunscreen|sunglasses|a sweater|boots) [today] [in {city}]",
      "should i (take|bring|wear|pack) (an umbrella|a jacket|a coat|sunscreen|sunglasses|a sweater) [today]",
      "is it (nice|good|cold|warm) (out|outside) [today]",
      "how many degrees is it [outside] [in {city}]",
    ],
    // The weather now asked by one of its conditions, with the moment after the place ("wind
    // in Oslo right now", "how windy is it in Cork at the moment", "is it icy out in York").
    // Matched, never taught
    shapes: [
      `(wind|winds|temperature|temp|humidity|rain|weather|conditions) ${IN_CITY} ${NOW}`,
      `how ${NOW_CONDITION} is it [outside|out] [${NOW}] ${IN_CITY} ${NOW}`,
      `is it [still] ${NOW_CONDITION} [outside|out] [there] [${NOW}] [${IN_CITY}] [${NOW}]`,
    ],
    samples: ["weather report", "what's it doing outside", "is the sun out", "current weather conditions"],
    fallback: (input) => {
      const day = findDay(input);
      const city = findCity(input);
      if (day && day.date !== input.env.zones.date(input.env.now, input.env.timezone)) return undefined;
      return city ? { city } : {};
    },
  },
  weather_forecast: {
    ask: { city: "Which city?" },
    beyond: ({ date }, env) => (typeof date === "string" ? pastTheForecast(date, env) : undefined),
    // Said once, the city is the one the weather is about until another is said
    remember: ["city"],
    placeArg: "city",
    lookup: WEATHER_LOOKUP,
    followUp: weatherFollowUp,
    describe: ({ city, date }, env) =>
      `Check the forecast${where(city)}${typeof date === "string" ? ` for ${spokenWhen(date, env)}` : ""}`,
    // Sure and about how it will be out there: what to wear or bring, a day at the beach
    loose: /\b(?:wear|nice|beach|shine|sun\w*|outside|out|bring|pack|dress)\b/,
    vetoes: NOT_WEATHER,
    anchors:
      /\b(?:weather|rain\w*|snow\w*|sunny|temperature|hot|hotter|cold|colder|warm\w*|forecast|umbrella|jacket|coat|wind\w*|humid\w*|cloud\w*|degrees|storm\w*|fog\w*|sunscreen|freezing|chilly|shorts|raincoat)\b/,
    templates: [
      `(what is|how is|what will be|how will be) the weather [going to be] [like] [${IN_CITY}] {date:day} [${IN_CITY}]`,
      `what will the weather be [like] [${IN_CITY}] [{date:day}] [${IN_CITY}]`,
      `[the] weather [forecast] [${IN_CITY}] (for|on) {date:day}`,
      `[the] weather [forecast] {date:day} [${IN_CITY}]`,
      `[the] weather [forecast] [${IN_CITY}] {date:day}`,
      `(what is|what's|give me|tell me|show me|check) the [weather] forecast [${IN_CITY}] [for] [{date:day}] [${IN_CITY}]`,
      `[weather] forecast [${IN_CITY}] [for] [{date:day}]`,
      `will it ${FUTURE_CONDITION} [${IN_CITY}] [{date:day}] [${IN_CITY}]`,
      `is it going to ${FUTURE_CONDITION} [${IN_CITY}] [{date:day}] [${IN_CITY}]`,
      `how (cold|hot|warm|windy) (will it be|is it going to be|is it going to get|will it get) [${IN_CITY}] [{date:day}]`,
      `what (will|is) the temperature (be|going to be) [${IN_CITY}] [{date:day}]`,
      `(do|will) i need (an umbrella|a jacket|a coat|sunscreen) {date:day} [${IN_CITY}]`,
      "[the] weather for the (week|weekend|next few days|coming days|next days)",
      "what is the weather (looking like|going to be like) [for] [this|the] (week|weekend)",
      `(is|will) (there|it) (be|going to be) (rain|snow|a storm|sun) [${IN_CITY}] [{date:day}]`,
    ],
    // Weather to come asked by what it brings ("is there frost coming tonight", "will it freeze
    // the next few nights", "any storms on the way this week"), with a reason after it.
    // Matched, never taught
    shapes: [
      // Whether to bring something against the weather for an outing on a day ("do I need a
      // coat for the match on saturday", "should I take my brolly to the allotment on sunday,
      // do you think"): the outing is no part of the forecast, its town is
      `${GEAR_ASK} (for|to|at) {what:text} (in|to|at) {city} [on] {date:day}`,
      `${GEAR_ASK} (for|to|at) {what:text} (in|to|at) {city} [on] {date:day} [,] {tail:text}`,
      `${GEAR_ASK} (for|to|at) {what:text} [on] {date:day}`,
      `${GEAR_ASK} (for|to|at) {what:text} [on] {date:day} [,] {tail:text}`,
      `[{about:text}] (is there|will there be|is there going to be|are there|any) [a|any] ${COMING} (coming|forecast|expected|due|on the way|on its way|predicted) [${AT_CITY}] [${AHEAD}] [${AT_CITY}] [{tail:text}]`,
      `[{about:text}] (will it|is it going to|might it|could it) ${TO_COME} [${AT_CITY}] [${AHEAD}] [${AT_CITY}] [{tail:text}]`,
    ],
    samples: ["weather outlook", "what's the outlook for the week", "extended forecast", "rain later"],
    build: (input) => {
      const args = forecast(input);
      // "in the next 5 days", "the next few nights": a span of days said in words
      const span = /\bnext (\w+(?: of)?) (?:days|nights)\b/.exec(input.env.text.toLowerCase())?.[1];
      if (!args || !span || args.days !== undefined || args.date !== undefined) return args;
      const n = /^(?:few|couple of)$/.test(span) ? 3 : parseNumber([span]);
      return typeof n === "number" && n >= 2 && n <= FORECAST_DAYS ? { ...args, days: n } : args;
    },
    fallback: (input) => {
      const day = findDay(input);
      const city = findCity(input);
      const args: Args = {};
      if (city) args.city = city;
      // "a 10 day forecast", "the next five days": how many days, not the day that far ahead
      const said = input.words.join(" ");
      const span = /\b(\w+)[- ]days?\b(?! (?:from|time|ago|away))/.exec(said);
      const days = span && !/\bin $/.test(said.slice(0, span.index)) ? parseNumber([span[1]!]) : undefined;
      if (typeof days === "number" && days >= 2 && days <= FORECAST_DAYS) args.days = days;
      else if (day) args.date = day.date;
      return args;
    },
  },
};

export const WEATHER_LANGUAGE = withPhrasings(byTool(WEATHER_INTENTS), SAMPLES);
