import { type Args, argsWithoutTail, type BuildInput, findUrl } from "../../brain/nlu/language/index.js";
import { countTail } from "../../brain/nlu/slots/count-tail.js";
import { LANGUAGE_CODES } from "../../brain/nlu/text/languages.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask to search the web and read pages (the team's own sentences). */
function newsQuery(input: BuildInput): Args | undefined {
  const query = input.values.query;
  return typeof query === "string" ? { query: `${query} news` } : undefined;
}

const ONLINE = "(online|on the web|on the internet|on google|on the net|on duckduckgo)";

/** The search said first, then set apart from its verb ("…, google it", "… - look it up"). */
const SET_APART = /[,;:\u2013\u2014-]\s*(?:google|search|look up|search up)\s+(?:it|that)\b/i;

function searchQuery(input: BuildInput): Args | undefined {
  // "index my folder so you can search it" is no search said first: only words set apart are
  if (input.fixed.after === true && !SET_APART.test(input.env.text)) return undefined;
  const query = input.values.query;
  if (typeof query !== "string" || /^(?:in|on|and|at|to|the contacts?|contacts?)\b/i.test(query))
    return undefined;
  // "search jack in contacts", "search my plans for the coming week", "search my own documents
  // for …": one's own data, not the web
  if (
    /\b(?:in|from) (?:my |the )?(?:contacts?|address book|phone book|calendar|inbox|e ?mails?)$|^(?:my )?(?:schedules?|calendar|agenda|contacts?|inbox)\b|^(?:my|our|the) (?:own |saved |stored )?(?:documents|docs|papers|paperwork|knowledge ?base)\b/i.test(
      query,
    )
  )
    return undefined;
  // "X, top 3", "five results about X": the count said with the words is the limit (nlu44)
  const counted = countTail(query, 20);
  const limit = input.values.limit ?? counted?.count;
  const words = counted?.query ?? query;
  return typeof limit === "number" && limit >= 1 && limit <= 20 ? { query: words, limit } : { query: words };
}

/**
 * What only the world knows (for tool retrieval): facts, prices, reviews, timetables, news,
 * recipes and lyrics, asked of nobody in particular. The search is where those are found.
 */
const ABOUT_THE_WORLD =
  /\b(?:reviews?|rated|ratings?|lyrics|recipes?|news|headlines|prices?|opening (?:hours|times)|timetables?|next (?:train|bus|flight|ferry|tram)|(?:train|rail|bus|tube|postal|airport) (?:strikes?|delays|times|disruption)|strikes?|disruptions?|closures?|fixtures|release dates?|population|capital of|distance (?:from|between)|definition of|meaning of|wiki\w*|ceo|president|prime minister|founder|who (?:wrote|invented|founded|directed|won|sang|painted|is the|was the)|what year|when (?:was|did)|how (?:tall|old|far|big|deep|high|many people)|where (?:can i buy|is the nearest))\b|\b(?:a|the) (?:good|best|cheap|decent|nearby|local|recommended) [\w-]+ (?:in|near|around) [A-Z]/i;

/**
 * What a dictionary or a rate board holds: the meaning of a word, its synonyms, an exchange rate.
 * None of the user's own files, notes or mail is where those are looked up.
 */
const WORDS_AND_RATES = /\b(?:definitions?|meanings?|means|synonyms?|antonyms?|the word|exchange rates?)\b/i;

/** What only the web holds, for the parser: the world's facts, and words' meanings and rates. */
const ONLY_THE_WEB = new RegExp(`${ABOUT_THE_WORLD.source}|${WORDS_AND_RATES.source}`, "i");

/**
 * A search whose words are a question about how the world works or goes ("search how to get
 * rid of moss", "look up why the sky is red"): no file, mail or note of one's own answers it.
 */
const SEARCH_A_QUESTION =
  /\b(?:search|google|look up|search for|search up)\s+(?:for\s+)?(?:how (?:to|do|does|can|long|much|many|often)|why|what (?:is|are|was|were|does|do|happens|causes)|when (?:is|are|was|does|do|did)|where (?:is|are|can|do|does)|who (?:is|was|won|made|invented|wrote)|which (?:is|are))\b/;

/** The web named as where to look ("search for" alone could be the files, the mail, the notes). */
const WEB_NAMED = new RegExp(
  `${/\b(?:web|online|internet|net|google\w*|bing|duckduckgo|wiki\w*|websites?|sites?|news|articles?|links|results|information|info|research)\b/.source}|${SEARCH_A_QUESTION.source}`,
);

const WEB_INTENTS: IntentTable = {
  web_search: {
    capability: { area: "The web", can: "search the web and read pages" },
    // Without the words to look for it was a question, not a request
    neverAsk: true,
    cues: ONLY_THE_WEB,
    medium: WEB_NAMED,
    describe: ({ query }) => (typeof query === "string" ? `Search the web for ${query}` : undefined),
    build: searchQuery,
    templates: [
      "(search|google|bing|look up|search for|web search|search up|research) {query}",
      "(search|look) (the web|online|the internet|the net|google|duckduckgo) for {query}",
      "search (on|in) (google|the web|the internet) for {query}",
      `(find|search for|look for|look up|search) {query} ${ONLINE}`,
      "(do a|run a|make a) (web search|google search|search) (for|on|about) {query}",
      "(find|get) me (information|info|results|articles|links) (about|on) {query}",
      "(find|get|show|give) me [the] [top|first] {limit:number} (results|links|hits|web results) (about|on|for) {query}",
      "what does the (internet|web) say about {query}",
    ],
    // Said without an article, the way many speakers say it ("search in internet: …")
    shapes: [
      "(search|look|find) (in|on) [the] (internet|web|google|net) [for|about] {query}",
      // "google it: …": the pronoun is the request's, the words after it the search
      "(google|search|look up) (it|this|that) {query}",
      // The words first and the pronoun after ("cheapest flights to oslo, google it"): the search
      // is what was said before it
      {
        t: "{query} (google|search|look up|search up) (it|that) [up] [for me] [please]",
        args: { after: true },
      },
      "what (do|are) people (say|saying|think) (online|on the internet|on the web) about {query}",
      // A number of results asked first, terse ("top 3 results for X"): results are the web's
      "(top|first|best) {limit:number} (results|links|hits|web results|search results) (for|about|on) {query}",
    ],
    samples: ["search the internet", "google something for me", "do a web search", "look it up online"],
  },
  web_search_news: {
    tool: "web_search",
    templates: [
      "search the news (for|about) {query}",
      "(find|get|show) [me] [the] [latest] news (about|on|regarding) {query}",
      "(find|get|show) [me] [the] [latest] {query} news",
    ],
    build: newsQuery,
  },
  web_fetch: {
    neverAsk: true,
    handles: [{ kind: "u", verbs: ["read"], arg: "url" }],
    accepts: { url: ["u"] },
    anchors: /./,
    templates: [
      "(fetch|download|grab|retrieve|scrape|get) [the] [page|content|contents|text|html|source] [at|of|from] {url}",
      "read [me] [the] (page|article|site|website) at {url}",
      "(get|give|show|fetch|pull) [me] [just] the (text|contents|content|words) (of|from|on) [the page] {url}",
      "(fetch|get|grab|open|load) {url} and (show|give|read) [me] [the] (text|contents|content|words) [please]",
      "what does {url} say",
    ],
    // The page named first, then what is wanted of it ("this page <link>, give me its text")
    shapes: [
      "[the|this] (page|article|site|website|link) {url} [(give me|get me|show me|read me|i want|i need)] the (text|contents|content|words) [of it|on it|in it] [{tail:text}]",
      "(pull|pull up|grab) [me] the (text|contents|content|words) of [this|the] [article|page|post|story|blog post] {url}",
      // What a page says asked first, its address after ("what does this page say <link>")
      "what (does|do) (this|that|the) (page|article|site|website|link|post) (say|tell me|contain) [at|here] {url}",
      "(what is|tell me what is|read me what is) (on|in) (this|that|the) (page|article|site|website|link) [at|here] {url}",
    ],
    samples: ["fetch this page", "download the page", "get the contents of the page"],
    build: fetchArgs,
    fallback: (input) => {
      const url = findUrl(input);
      if (!url) return undefined;
      const chars = charactersSaid(input.env.text);
      return chars ? { url, max_chars: chars } : { url };
    },
  },
};

/** A YouTube video's own id, said without its link ("subtitles for video dQw…"). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** Who asks for captions: an order or a need ("I need the subtitles …"). */
const WANTS = "[(get|give me|show me|fetch|pull|i need|i want|i would like|can i have)] [me] [the]";

/** The slots as arguments, a language said by name given as its code (unknown names dropped). */
function captionArgs(input: BuildInput): Args | undefined {
  const args: Args = {};
  for (const [name, value] of Object.entries(input.values))
    if (name !== "tail" && name !== "video") args[name] = value;
  // A video named by its bare id, as written: eleven letters, digits, "-" or "_"
  if (input.values.video !== undefined) {
    const id = input.matches.video?.raw.trim() ?? "";
    if (!VIDEO_ID.test(id)) return undefined;
    args.url = id;
  }
  if (typeof args.language === "string") {
    const said = args.language.trim().toLowerCase();
    const code = LANGUAGE_CODES[said] ?? (/^[a-z]{2}(?:-[a-z]{2})?$/.test(said) ? said : undefined);
    if (code) args.language = code;
    else delete args.language;
  }
  return args;
}

/**
 * How much of a page is wanted, said after it ("…, only the first 2000 characters", "first 1500
 * chars", "cut it after 2500 characters"): the fetch's own limit, within what it takes.
 */
function charactersSaid(text: string): number | undefined {
  const m =
    /\b(?:first|only|just|max(?:imum)?|at most|up to|no more than|after)\s+(?:the\s+)?(?:first\s+)?(\d{1,3}(?:,\d{3})+|\d+)\s*(?:characters|chars|letters)\b/i.exec(
      text,
    );
  const n = m ? Number(m[1]!.replace(/,/g, "")) : undefined;
  return n !== undefined && n >= 500 && n <= 30_000 ? n : undefined;
}

function fetchArgs(input: BuildInput): Args | undefined {
  const args = argsWithoutTail(input);
  const chars = args.max_chars === undefined ? charactersSaid(input.env.text) : undefined;
  return chars ? { ...args, max_chars: chars } : args;
}

const YOUTUBE_INTENTS: IntentTable = {
  youtube_transcript: {
    build: captionArgs,
    ask: { url: "Which video?" },
    accepts: { url: ["u"] },
    describe: () => "Get the video's transcript",
    templates: [
      "(get|give me|show me|fetch|pull) [me] the (transcript|captions|subtitles) (of|for|from) [the|this] [video|youtube video] {url}",
      "(transcribe|caption) [the] [youtube] video {url}",
      "(transcript|captions|subtitles) (of|for) [the|this] [video|youtube video] {url} [please]",
      { t: "(get|give me) the {language:text} (transcript|captions|subtitles) (of|for) {url}", args: {} },
    ],
    // The video named first, then what is wanted of it ("this clip <link>, I need the captions")
    shapes: [
      "(get|give me|show me|fetch|pull) [me] the (transcript|captions|subtitles) (of|for|from) [the|this] (lecture|talk|clip|lesson|tutorial|interview|vid) {url} [{tail:text}]",
      "(get|give me|show me|fetch|pull) [me] the (youtube|video|clip's|video's) (transcript|captions|subtitles) (of|for|from) [the|this] [video|clip|youtube video] {url}",
      "what (are|is|does) the (subtitles|captions|transcript) (of|for|in|say in) [the|this] [video|clip|youtube video] {url}",
      "[the|this] [video|clip|lecture|talk|vid|youtube video] {url} [(i want|i need|i would like|give me|get me|can i have)] the (transcript|captions|subtitles) [of it] [{tail:text}]",
      {
        t: "[the|this] [video|clip|lecture|talk|vid|youtube video] {url} [(i want|i need|i would like|give me|get me|can i have)] the (subtitles|captions|transcript) in {language:text} [{tail:text}]",
        args: {},
      },
      // Captions in a language, the language said anywhere around the video: "subtitles in
      // Welsh for video <link>", "captions for this clip in Dutch: <link>", "Greek subtitles of
      // <link> please". Fetching a video's own captions in a language is no translation
      {
        t: "[(get|give me|show me|fetch|pull)] [me] [the] (subtitles|captions|transcript) in {language:text} (for|of|from) [the|this] [youtube] [video|clip] {url} [please] [{tail:text}]",
        args: {},
      },
      {
        t: "[(get|give me|show me|fetch|pull)] [me] [the] (subtitles|captions|transcript) (for|of|from) [the|this] [youtube] [video|clip] in {language:text} [:|,] {url} [please]",
        args: {},
      },
      {
        t: "[(get|give me|show me|fetch|pull)] [me] [the] (subtitles|captions|transcript) (for|of|from) [the|this] [youtube] [video|clip] {url} in {language:text} [please]",
        args: {},
      },
      {
        t: "[(get|give me|show me|fetch|pull)] [me] [the] {language:text} (subtitles|captions|transcript) (of|for|from) [the|this] [youtube] [video|clip] {url} [please] [{tail:text}]",
        args: {},
      },
      // The video by its bare id after the word "video" (the build checks the id's shape), the
      // language before or after it
      `${WANTS} (subtitles|captions|transcript) in {language:text} (for|of|from) [the|this] [youtube] (video|clip) {video:text} [please]`,
      `${WANTS} (subtitles|captions|transcript) (for|of|from) [the|this] [youtube] (video|clip) {video:text} in {language:text} [please]`,
      `${WANTS} (subtitles|captions|transcript) (for|of|from) [the|this] [youtube] (video|clip) {video:text} [please]`,
    ],
    samples: [
      "what does that youtube video say",
      "get the subtitles of the video",
      "transcript of that clip",
    ],
  },
};

export const WEB_LANGUAGE = withPhrasings(byTool(WEB_INTENTS, YOUTUBE_INTENTS), SAMPLES);
