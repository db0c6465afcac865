import {
  type Args,
  type BuildInput,
  type GuessInput,
  NO_ARGS,
  parseNumber,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withEvery, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";
import { MEDIA_NOUN, MEDIA_SEEK_INTENTS } from "./seek-language.js";

/** Media playback: play, pause, skip, what is playing — songs, stations, podcasts and books. */
/** "play a game", "play chess with me": not media, and the worst kind of wrong action. */
const GAMES =
  /\b(?:games?|gaming|with me|with you|together|against|a round of|chess|checkers|monopoly|scrabble|uno|solitaire|poker|blackjack|rummy|tetris|sudoku|crossword|trivia|bingo|keno|candy crush|minecraft|fifa|mario|pong|snake|racing|cricket|football|soccer|tennis|golf|basketball|baseball|hockey|ping pong|tic tac toe|rock paper scissors|hide and seek|i spy|hangman|pac ?man|fortnite|angry birds|clash of clans|pokemon|sims|mindsweeper|minesweeper|dice|cards?)\b/i;
/** Not something to play: volume words, lists, places, the vacuum. */
const NOT_MEDIA =
  /^(?:it|that|this|dead|fair|nice|along|around|outside|catch|back|again)\b|\b(?:louder|quieter|softer|volume|lists?|vacuum|lights?|channel|setting|mode|zone|time|funny|jokes?)\b/i;
/** After a bare "hear": words, news and one's own voice are not something to play. */
const NOT_HEARD =
  /\b(?:said|say|says|spoke\w*|what|sound|speakers?|again|utterance|about|me|you|yourself|weather|forecast|news|stor(?:y|ies)|from|when)\b/i;
/** "i love that song": an opinion about the music, not a request for it. */
const OPINION = /^i (?:really |do |just |so )?(?:like|love|enjoy|adore)\b/;
/** Said after "put on" / "stream" the query must sound like audio. */
const AUDIO_CUE =
  /\b(?:music|songs?|playlist|album|radio|podcasts?|audiobook|track|tunes?|station|episode|jazz|rock|pop|classical|hip hop|rap|country|blues|metal|soul|reggae|disco|techno|house|lofi|lo fi|by)\b|^(?:some|my)\b/i;

function mediaQuery(input: BuildInput): Args | undefined {
  const query = input.values.query;
  if (typeof query !== "string") return {};
  if (GAMES.test(query) || NOT_MEDIA.test(query)) return undefined;
  if (input.fixed.cue === true && !AUDIO_CUE.test(query)) return undefined;
  if (input.fixed.hear === true && NOT_HEARD.test(query)) return undefined;
  const cleaned = query.replace(/^(?:some|a bit of|a little)\s+/i, "").trim();
  return cleaned ? { query: cleaned } : undefined;
}

/** A broadcast frequency said in words: "ninety four point three [fm]" → "94.3 FM". */
function stationQuery(input: BuildInput): Args | undefined {
  const raw = input.values.station;
  if (typeof raw !== "string") return undefined;
  const words = raw.toLowerCase().split(/\s+/).filter(Boolean);
  const band = words.at(-1) === "fm" || words.at(-1) === "am" ? words.pop()!.toUpperCase() : undefined;
  const at = words.indexOf("point");
  const whole =
    parseNumber(at === -1 ? words : words.slice(0, at)) ??
    spokenDigits(at === -1 ? words : words.slice(0, at));
  const fraction =
    at === -1 ? undefined : (parseNumber(words.slice(at + 1)) ?? spokenDigits(words.slice(at + 1)));
  if (whole === undefined || (at !== -1 && fraction === undefined)) return undefined;
  const value = fraction === undefined ? `${whole}` : `${whole}.${fraction}`;
  const number = Number(value);
  // FM 87.5-108, AM 530-1710; "channel seventy two" on satellite radio is a number too
  if (!band && at === -1 && !(number >= 1 && number <= 999)) return undefined;
  if (band === "FM" && !(number >= 87 && number <= 108)) return undefined;
  return { query: band ? `${value} ${band}` : value };
}

/** "one oh seven" → 107: digits read one by one. */
function spokenDigits(words: readonly string[]): number | undefined {
  if (words.length < 2) return undefined;
  let out = "";
  for (const w of words) {
    const d = w === "oh" || w === "o" ? 0 : parseNumber([w]);
    if (d === undefined || d > 9 || !Number.isInteger(d)) return undefined;
    out += String(d);
  }
  return Number(out);
}

/** Broadcasters and radio services people ask for by name (template alternatives). */
const BROADCASTER =
  "(npr|npr news|bbc|bbc radio one|bbc radio two|bbc radio four|bbc radio 1|bbc radio 2|bbc radio 4|bbc world service|radio one|radio two|radio four|msnbc|cnn radio|espn radio|fox news radio|pandora|iheartradio|iheart radio|iheart|sirius|siriusxm|sirius xm|xm radio|tunein|tune in radio|kiss fm|capital fm|classic fm|jazz fm|virgin radio|absolute radio|bloomberg radio|radio paradise|soma fm|somafm|kexp|wnyc)";

const MEDIA_INTENTS: IntentTable = {
  media_play: {
    lenient: true,
    capability: {
      area: "Music",
      can: "play, pause and skip music, podcasts and the radio",
      example: "play some jazz",
    },
    describe: ({ query }) => (typeof query === "string" ? `Play ${query}` : "Resume the music"),
    // A guess never plays what is being put on a list ("… on my books to read list")
    vetoes: new RegExp(
      `${OPINION.source}|^(?:lets|let's|let us|shall we|do you want to|would you like to) play\\b|\\bplaylist\\b.*\\b(?:add|put)\\b|\\b(?:add|put)\\b.*\\bplaylist\\b|\\b(?:funny|joke|jokes|games?|record|note|opinion|preferences?|disable)\\b|\\b(?:on|onto|to) (?:my|the|our) (?:[a-z]+ ){0,3}list\\b|^(?!.*\\b(?:play\\w*|start|put on|hear|listen\\w*|resume|continue)\\b).*\\b(?:save|saved|favou?rite)\\b`,
    ),
    anchors:
      /\b(?:music|songs?|play\w*|playlist|album|radio|podcasts?|audiobooks?|audio books?|books?|novel|chapter|track|tunes?|listen\w*|resume|continue|station|put on|restart|reading|queue|fm|am radio|channel|episode|artist|band|spotify|pandora|hear|jazz|rock|pop|hip hop|rap|classical|country|blues|metal|indie|reggae|disco)\b/,
    templates: [
      "(play|start playing) {query}",
      { t: "(put on|queue up|stream|blast|throw on) {query}", args: { cue: true } },
      "(i want to|let me|i would like to|i wanna) (hear|listen to) {query}",
      "listen to {query}",
      // "i want to hear purple haze" reaches here as "hear purple haze" (fillers stripped)
      { t: "hear {query} [now|please|next]", args: { hear: true } },
      `(play|resume|start|continue|unpause|restart|turn on|put on) [the|my|some|a] [some] ${MEDIA_NOUN}`,
      "(resume|continue|unpause) [playing|playback|listening]",
      "play [some|something] [good] [music|songs]",
      "(play|turn on|tune in to|switch on) [the] radio [station] [{query}]",
      "(tune in to|switch to) {query} (radio|station|fm)",
      { t: "tune in to {query}", args: { cue: true } },
      "(play|start|read) [the] audiobook {query}",
      "(keep|continue) (playing|reading) {query}",
      "start (playing|reading) {query}",
    ],
    // The player told to go on after a word of assent ("ok resume", "alright, carry on playing")
    shapes: [
      "(ok|okay|alright|all right|right|yes|yeah|go on|ok then|okay then) [now] (resume|unpause|continue playing|carry on playing|resume playing|unpause it|resume it|resume the music|play|play it|keep playing|carry on) [please|now]",
    ],
    samples: ["i want some music", "put some tunes on", "music please", "let's hear a song"],
    // Restarting a machine is no playing: "restart" only plays again what is playing
    negatives: [
      "restart the wifi router",
      "reboot my laptop",
      "restart the computer now",
      "restart my tablet please",
      "start the dishwasher",
      "restart the printer",
    ],
    build: mediaQuery,
    fallback: (input) => {
      const said = input.words.join(" ");
      if (GAMES.test(said)) return undefined;
      // "resume pride and prejudice": what follows the playing verb is what to play
      const rest =
        /^(?:(?:can|could|would) you |please |i want to |let's )*(?:play|resume|continue|put on|listen to|hear|queue up|start (?:playing|reading|listening to))\s+(.+)$/.exec(
          said,
        )?.[1];
      const query = rest?.replace(/^(?:the|my|some)\s+/, "").trim();
      return query && !NOT_MEDIA.test(query) && query.split(" ").length <= 8 ? { query } : {};
    },
  },
  // "tune to ninety four point three", "turn on one oh three point seven fm": a station by frequency
  media_play_station: {
    lenient: true,
    tool: "media_play",
    templates: [
      "(tune|turn|switch|change|set|put|go) [it|the radio|the station|the channel|the dial|radio|station|channel] [in|on|over] [to] [the] [radio|station|channel|frequency] {station}",
      "[the] [radio] [station|channel|frequency] {station} [please]",
      "i (need|want) [the] [radio] [station] {station} [please]",
    ],
    build: stationQuery,
  },
  // "turn on npr", "put the news on bbc", "start pandora": a broadcaster or radio service by name
  media_play_broadcaster: {
    lenient: true,
    tool: "media_play",
    templates: [
      `(turn on|start|play|open|put on|tune in to|tune into|tune to|switch to|go to|listen to|get|find [me]) [the] [local] ${BROADCASTER} [radio|station|stream|channel|live] [please|now]`,
      `put [the] (news|game|show) on ${BROADCASTER}`,
      `(turn|put|switch) ${BROADCASTER} on`,
      `[some] ${BROADCASTER} (radio|station|please)`,
    ],
    build: (input) => {
      const name = new RegExp(`\\b${BROADCASTER.slice(1, -1)}\\b`, "i").exec(input.env.text)?.[0];
      return name ? { query: name } : undefined;
    },
  },
  // "go to radio", "open fm", "turn on the am radio": the radio itself
  media_play_radio: {
    lenient: true,
    tool: "media_play",
    templates: [
      "(open|go to|get|find|start|put on|turn on|switch on|listen to) [the] [am|fm] (radio|fm|am)",
      "(am|fm) radio [please|now]",
    ],
    build: (input) => {
      const band = /\b(am|fm)\b/i.exec(input.env.text)?.[1];
      return { query: band ? `${band.toUpperCase()} radio` : "radio" };
    },
  },
  media_play_resume: {
    lenient: true,
    tool: "media_play",
    templates: [
      "(start|open|resume|continue|pick up|play|read) [the|my] {query} (where|from where|from) (i|we) (left off|stopped|was|were)",
      "(start|open|resume|continue|pick up|play|read) [the|my] [book|audiobook|audio book|podcast] {query} (where|from where|from) (i|we) (left off|stopped)",
      "pick up [where] (i|we) left off (on|in|with) {query}",
      "(restart|start over|begin again) [the] (book|audiobook|audio book|podcast|episode) {query}",
      "(start over|begin again) {query}",
    ],
    build: mediaQuery,
  },
  media_pause: {
    lenient: true,
    describe: () => "Pause the music",
    anchors: /\b(?:pause|stop|halt|hold)\b/,
    templates: [
      `(pause|stop|halt|freeze|hold) [the|my|this|that] ${MEDIA_NOUN}`,
      "pause [it|this|that|playback|playing]",
      "stop (playing|the playback|the song|this song|the music|this music)",
      "(stop|pause) (playing|the) (music|song)",
      "turn (off|the) music [off]",
      "turn off the (radio|podcast|audiobook)",
      "(music|song|playback) (off|stop|pause)",
    ],
    samples: ["hold the music", "pause for a second", "stop the track", "quiet the music"],
    fallback: NO_ARGS,
  },
  media_next: {
    lenient: true,
    describe: () => "Skip to the next track",
    anchors:
      /\b(?:next|skip)\b.*\b(?:songs?|tracks?|tunes?|episode|chapter|section|podcast|music|one)\b|\bskip\b/,
    templates: [
      "(next|skip) [song|track|tune|one|episode|chapter|podcast|section]",
      "(skip|next) (this|the|that) (song|track|tune|one|episode|podcast|chapter)",
      "(play|go to|jump to|skip to|move to|move on to) [the] next (song|track|tune|one|episode|chapter|podcast|section)",
      "next (song|track|episode|podcast|chapter) (please|play)",
      "skip [it|ahead|forward|this]",
      "(change|switch) [the|this] (song|track)",
      "(i do not|i don't) like this (song|track) [skip it]",
    ],
    samples: ["next please", "another song", "move on to the next track"],
    // "skip forward a bit", "skip ahead 30 seconds": a step inside the track is a seek
    vetoes: /\b(?:a bit|a little|a few seconds|a couple of seconds|seconds|a minute|minutes)\b/,
    fallback: NO_ARGS,
  },
  media_previous: {
    lenient: true,
    describe: () => "Go back to the previous track",
    loose: false,
    anchors: /\b(?:previous|back|before|rewind|replay)\b.*\b(?:songs?|tracks?|tunes?|episode|music|one)\b/,
    templates: [
      "(previous|last) (song|track|tune|one|episode)",
      "go back [one|a] [song|track]",
      "go back to the (previous|last) (song|track|tune|one)",
      "(play|go to|jump to|skip to) [the] (previous|last) (song|track|tune|one) [again]",
      "(back|rewind) [one|a] (song|track)",
      "replay the (previous|last) (song|track)",
      "skip back",
    ],
    samples: ["the song before this one", "play that again", "go back to the song before"],
    fallback: NO_ARGS,
  },
  media_now_playing: {
    lenient: true,
    lookup: {
      nouns:
        /\b(?:songs?|tracks?|singers?|sung|sings|singing|artists?|albums?|band|tunes?|genre|lyrics|composer|playing now|now playing|this music)\b/,
      vetoes: /\b(?:play|listen|i|my|me)\b/,
      // A flat remark about a song is an opinion, not a request
      askOnly: true,
      rank: 5,
    },
    describe: () => "Tell you what is playing",
    // Sure but without song words, only about what is on now ("who is this", "what's on the radio")
    loose: /\b(?:playing|radio|station)\b/,
    // Music heard around the user (a shop's, a café's) is not this computer's player
    vetoes: new RegExp(
      `\\b(?:save|saved|record|note|opinion|preferences?|contact|called (?:me|you|him|her|them)|who called|call|calls)\\b|\\b(?:can|could) you (?:listen|hear)\\b|\\b(?:in|at) the (?:cafe|café|shop|store|bar|pub|restaurant|gym|supermarket|club)\\b|${OPINION.source}`,
    ),
    anchors:
      /\b(?:what|who|which|name|title|tell|identify)\b.*\b(?:songs?|track|music\w*|playing|singing|sings|sang|sung|artist|band|group|album|tune|listening|singer|composer|composed|covered|radio)\b|\b(?:of|on|about|for) (?:this|the current|the playing) (?:song|track|tune|music)\b/,
    templates: [
      "what (song|track|music|tune|album) is (this|that|playing|on) [right now|now]",
      "what is (playing|this song|this track|that song|the song|on) [right now|now]",
      "who (sings|is singing|is playing|sang|performs|is this) [this|that] [song|track] [right now|now]",
      "who is (the artist|this artist|this band|this singer|the singer)",
      "(what is|tell me) the (name|title) of (this|the|that) (song|track|album)",
      "what am i listening to [right now|now]",
      "(which|what) song is (this|that|playing)",
      "(name|title) of this (song|track)",
      "now playing",
    ],
    samples: ["what's this tune", "identify this song", "who's the band"],
    fallback: NO_ARGS,
  },
};

/** "stop repeating" → none, "this song" → track, "the album" → playlist. */
function repeatMode(input: GuessInput): Args | undefined {
  const said = input.words.join(" ");
  if (/\b(?:off|stop|disable|no more)\b/.test(said)) return { mode: "none" };
  if (/\b(?:song|track|tune)\b/.test(said)) return { mode: "track" };
  if (/\b(?:playlist|album|all)\b/.test(said)) return { mode: "playlist" };
  return undefined;
}

const MEDIA_EDIT_INTENTS: IntentTable = {
  media_shuffle: {
    lenient: true,
    describe: ({ on }) => (on === false ? "Turn shuffle off" : "Turn shuffle on"),
    anchors: /\b(?:shuffle|shuffling|random|randomi[sz]e|mix)\b/,
    templates: [
      { t: "shuffle [my|the|this] [music|songs|playlist|tracks|album|library]", args: { on: true } },
      { t: "turn on shuffle [mode]", args: { on: true } },
      { t: "turn shuffle on", args: { on: true } },
      { t: "(turn off|stop|disable) (shuffle|shuffling) [mode]", args: { on: false } },
      { t: "turn shuffle off", args: { on: false } },
      { t: "play [my|the] (music|songs|playlist) (in random order|on shuffle|randomly)", args: { on: true } },
    ],
    samples: [
      "mix up the order of the songs",
      "randomize my playlist",
      "put the music on random",
      "play my songs in any order",
      "shuffle mode please",
      "no more shuffling",
      "switch shuffle on",
    ],
    fallback: NO_ARGS,
  },
  media_repeat: {
    lenient: true,
    ask: { mode: "Repeat this track, the whole playlist, or turn repeat off?" },
    describe: ({ mode }) =>
      mode === "none" ? "Turn repeat off" : `Repeat the ${mode === "track" ? "track" : "playlist"}`,
    anchors: /\b(?:repeat|loop|replay|again and again|on repeat)\b/,
    vetoes: /\b(?:say|said|what|that again|sentence|question|answer)\b/,
    templates: [
      { t: "(repeat|loop) (this|the|that) (song|track|tune)", args: { mode: "track" } },
      { t: "put (this|the) (song|track) on (repeat|loop)", args: { mode: "track" } },
      { t: "(repeat|loop) (this|the|my) (playlist|album)", args: { mode: "playlist" } },
      { t: "turn on repeat [mode]", args: { mode: "playlist" } },
      { t: "(turn off|stop|disable) (repeat|repeating|looping|the loop) [mode]", args: { mode: "none" } },
      { t: "turn repeat off", args: { mode: "none" } },
    ],
    samples: [
      "keep playing this song over and over",
      "play this track on a loop",
      "i want this song on repeat",
      "loop the whole album",
      "stop repeating the song",
      "set the music to repeat",
    ],
    partial: repeatMode,
    fallback: repeatMode,
  },
};

const MEDIA_FILE_INTENTS: IntentTable = {
  media_transcribe: {
    ask: { path: "Which recording?" },
    describe: ({ path }) => (typeof path === "string" ? `Transcribe ${path}` : undefined),
    templates: [
      "(transcribe|write out|type up|convert to text) [the|this|my] [recording|audio|video|voice memo|podcast|file] {path}",
      "(turn|convert) [the|this|my] [recording|audio|video|file] {path} into text",
      "what (is said|do they say|does it say) in [the|this] [recording|audio|video] {path}",
    ],
    samples: ["transcribe that recording", "type up the voice memo", "turn this audio file into text"],
  },
};

export const MEDIA_LANGUAGE = withPhrasings(
  withEvery(byTool(MEDIA_INTENTS, MEDIA_SEEK_INTENTS, MEDIA_EDIT_INTENTS, MEDIA_FILE_INTENTS), {
    thisComputer: true,
  }),
  SAMPLES,
);
