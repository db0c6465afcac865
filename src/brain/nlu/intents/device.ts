import { findApp, NO_ARGS } from "./helpers.js";
import { type Args, type BuildInput, type IntentTable, slotsAsArgs } from "./types.js";

/** Media, volume, system and apps. */

/** "play a game", "play chess with me": not media, and the worst kind of wrong action. */
const GAMES =
  /\b(?:games?|gaming|with me|with you|together|against|a round of|chess|checkers|monopoly|scrabble|uno|solitaire|poker|blackjack|rummy|tetris|sudoku|crossword|trivia|bingo|keno|candy crush|minecraft|fifa|mario|pong|snake|racing|cricket|football|soccer|tennis|golf|basketball|baseball|hockey|ping pong|tic tac toe|rock paper scissors|hide and seek|i spy|hangman|pac ?man|fortnite|angry birds|clash of clans|pokemon|sims|mindsweeper|minesweeper|dice|cards?)\b/i;
/** Not something to play: volume words, lists, places, the vacuum. */
const NOT_MEDIA =
  /^(?:it|that|this|dead|fair|nice|along|around|outside|catch|back|again)\b|\b(?:louder|quieter|softer|volume|lists?|vacuum|lights?|channel|setting|mode|zone|time|funny|jokes?)\b/i;
/** Said after "put on" / "stream" the query must sound like audio. */
const AUDIO_CUE =
  /\b(?:music|songs?|playlist|album|radio|podcasts?|audiobook|track|tunes?|station|episode|jazz|rock|pop|classical|hip hop|rap|country|blues|metal|soul|reggae|disco|techno|house|lofi|lo fi|by)\b|^(?:some|my)\b/i;

function mediaQuery(input: BuildInput): Args | undefined {
  const query = input.values.query;
  if (typeof query !== "string") return {};
  if (GAMES.test(query) || NOT_MEDIA.test(query)) return undefined;
  if (input.fixed.cue === true && !AUDIO_CUE.test(query)) return undefined;
  const cleaned = query.replace(/^(?:some|a bit of|a little)\s+/i, "").trim();
  return cleaned ? { query: cleaned } : undefined;
}

const MEDIA_NOUN =
  "(music|song|songs|track|tracks|tune|tunes|playback|audio|playlist|podcast|radio|audiobook|album|player|media)";

export const MEDIA_INTENTS: IntentTable = {
  media_play: {
    vetoes:
      /\bplaylist\b.*\b(?:add|put)\b|\b(?:add|put)\b.*\bplaylist\b|\b(?:funny|joke|jokes|games?|save|saved|record|note|opinion|preferences?|favou?rite|disable)\b/,
    anchors:
      /\b(?:music|songs?|play\w*|playlist|album|radio|podcasts?|audiobooks?|audio books?|books?|novel|chapter|track|tunes?|listen\w*|resume|continue|station|fm|am radio|channel|episode|artist|band|spotify|pandora|hear|jazz|rock|pop|hip hop|rap|classical|country|blues|metal|indie|reggae|disco)\b/,
    templates: [
      "(play|start playing) {query}",
      { t: "(put on|queue up|stream|blast|throw on) {query}", args: { cue: true } },
      "(i want to|let me|i would like to|i wanna) (hear|listen to) {query}",
      "listen to {query}",
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
    samples: ["i want some music", "put some tunes on", "music please", "let's hear a song"],
    build: mediaQuery,
    fallback: (input) => {
      const said = input.words.join(" ");
      if (GAMES.test(said)) return undefined;
      // "resume pride and prejudice": what follows the playing verb is what to play
      const rest =
        /^(?:(?:can|could|would) you |please |i want to |let's )*(?:play|resume|continue|put on|listen to|start (?:playing|reading|listening to))\s+(.+)$/.exec(
          said,
        )?.[1];
      const query = rest?.replace(/^(?:the|my|some)\s+/, "").trim();
      return query && !NOT_MEDIA.test(query) && query.split(" ").length <= 8 ? { query } : {};
    },
  },
  media_pause: {
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
    anchors: /\b(?:next|skip)\b.*\b(?:songs?|tracks?|tunes?|episode|chapter|music|one)\b|\bskip\b/,
    templates: [
      "(next|skip) [song|track|tune|one|episode|chapter]",
      "(skip|next) (this|the|that) (song|track|tune|one|episode)",
      "(play|go to|jump to|skip to) [the] next (song|track|tune|one|episode|chapter)",
      "skip [it|ahead|forward|this]",
      "(change|switch) (the|this) (song|track)",
      "(i do not|i don't) like this (song|track) [skip it]",
    ],
    samples: ["next please", "another song", "move on to the next track"],
    fallback: NO_ARGS,
  },
  media_previous: {
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
    vetoes: /\b(?:save|saved|record|note|opinion|preferences?)\b/,
    anchors:
      /\b(?:what|who|which|name|title|tell|identify)\b.*\b(?:songs?|track|music|playing|singing|sings|artist|band|album|tune|listening|singer)\b/,
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

const VOLUME = "(volume|sound|music|audio|it|speaker|speakers|the sound|the volume|the music)";
const A_BIT = "[a bit|a little|a little bit|slightly|some]";

function volumeChange(input: BuildInput): Args | undefined {
  const args = slotsAsArgs(input);
  if (typeof args.change === "number" && input.fixed.direction === -1) args.change = -args.change;
  delete args.direction;
  if (typeof args.change === "number" && (args.change === 0 || Math.abs(args.change) > 100)) return undefined;
  return args;
}

const UP = { change: 10 };
const DOWN = { change: -10 };

export const VOLUME_INTENTS: IntentTable = {
  system_volume_set: {
    vetoes: /\b(?:lights?|lamp|tv|television)\b/,
    anchors: /\b(?:volume|sound|louder|quieter|softer|loud|quiet|speakers?|hear|audio|music)\b/,
    templates: [
      { t: `(turn|crank|pump) [the] ${VOLUME} up ${A_BIT}`, args: UP },
      { t: `(turn up|raise|increase|boost|bump up|up) [the] ${VOLUME} ${A_BIT}`, args: UP },
      { t: `[make it|make the music|a bit|a little|slightly] (louder|higher)`, args: UP },
      { t: "(volume|sound) up", args: UP },
      { t: "(i can not|i cannot|i can't) hear [it|anything|the music|you]", args: UP },
      { t: "it is too (quiet|soft|low)", args: UP },
      { t: `(turn|bring) [the] ${VOLUME} down ${A_BIT}`, args: DOWN },
      { t: `(turn down|lower|decrease|reduce|drop|bring down) [the] ${VOLUME} ${A_BIT}`, args: DOWN },
      { t: `[make it|a bit|a little|slightly] (quieter|softer|less loud)`, args: DOWN },
      { t: "(volume|sound) down", args: DOWN },
      { t: "(it is|that is|this is|you are) too loud", args: DOWN },
      { t: "(speak|talk) (quieter|softer|more softly|more quietly|lower|less loud)", args: DOWN },
      { t: "(speak|talk) (louder|up|more loudly)", args: UP },
      { t: "turn (that|this) down", args: DOWN },
      { t: "turn (that|this) up", args: UP },
      { t: "turn the (music|sound|volume) (lower|down|quieter|softer)", args: DOWN },
      { t: "turn the (music|sound|volume) (higher|up|louder)", args: UP },
      { t: "(turn|crank) [it|the volume] up a lot", args: { change: 30 } },
      { t: "(turn|bring) [it|the volume] down a lot", args: { change: -30 } },
      { t: "(increase|raise|turn up|boost) [the] (volume|sound) by {change}", args: { direction: 1 } },
      { t: "(decrease|lower|reduce|turn down) [the] (volume|sound) by {change}", args: { direction: -1 } },
      "(set|turn|put|change|adjust|make|bring) [the] (volume|sound) [level] (to|at) {level}",
      "(increase|raise|decrease|lower|reduce|turn up|turn down) [the] (volume|sound) to {level}",
      "(volume|sound) [level] [to|at] {level}",
      "{level} percent volume",
      { t: "(max|maximum|full) (volume|sound)", args: { level: 100 } },
      { t: "(volume|sound) (max|maximum|all the way up|to the max|to max)", args: { level: 100 } },
      { t: "turn (it|the volume|the sound) all the way (up|to the max)", args: { level: 100 } },
      { t: "turn (it|the volume|the sound) all the way down", args: { level: 0 } },
    ],
    samples: ["adjust the volume", "change the volume", "volume please", "can you make it louder"],
    build: volumeChange,
    fallback: (input) => {
      const w = new Set(input.words);
      const up = ["up", "louder", "increase", "raise", "higher", "boost", "loud"].some((x) => w.has(x));
      const down = ["down", "lower", "quieter", "decrease", "reduce", "softer", "soft", "low"].some((x) =>
        w.has(x),
      );
      if (up === down) return undefined;
      return up ? UP : DOWN;
    },
  },
  system_volume_get: {
    anchors: /\b(?:volume|loud)\b/,
    templates: [
      "(what is|what's) the [current] (volume|sound level|volume level) [set to|at|right now|now]",
      "how loud is (it|the volume|the sound|the music) [right now|now|set]",
      "(check|get|tell me|show me) the [current] volume [level]",
      "what volume (is it|are we|is it set) [at|to]",
      "current volume [level]",
      "what (level|percentage) is the volume [at|set to]",
    ],
    samples: ["volume level", "how high is the volume"],
    fallback: NO_ARGS,
  },
  system_mute: {
    anchors: /\b(?:mute|unmute|muted|silent|silence|quiet)\b|\bsound off\b/,
    templates: [
      {
        t: "mute [the] [sound|audio|volume|speakers|speaker|computer|laptop|it|everything|yourself|music|all sound]",
        args: { mute: true },
      },
      { t: "(silence|shush) [the] (sound|audio|computer|speakers|everything)", args: { mute: true } },
      { t: "turn (off|the) (sound|audio|volume) [off]", args: { mute: true } },
      { t: "(sound|audio|volume) off", args: { mute: true } },
      { t: "(switch|shut) off the (sound|audio)", args: { mute: true } },
      {
        t: "(unmute|un mute) [the] [sound|audio|volume|speakers|computer|it|yourself]",
        args: { mute: false },
      },
      { t: "turn (on|the) (sound|audio|volume) [back] [on]", args: { mute: false } },
      { t: "turn the (sound|audio|volume) back on", args: { mute: false } },
      { t: "(sound|audio) (on|back on)", args: { mute: false } },
      {
        t: "[turn on|activate|enable|enter|set|switch to|go to|go into|put it on|put it in] [the] (silent|quiet|mute|silence) mode [on]",
        args: { mute: true },
      },
      {
        t: "(set|put|switch) [it|the volume|the sound|the speakers|the speaker|everything] [to|on] (mute|silent)",
        args: { mute: true },
      },
      { t: "(speakers|speaker|sounds) off", args: { mute: true } },
      { t: "turn off [the|my] (speakers|speaker|sounds|noise)", args: { mute: true } },
      { t: "mute [the] [sound|audio|speakers|music|it|everything] (for|until) {text}", args: { mute: true } },
      { t: "(go|be|stay) (silent|muted)", args: { mute: true } },
      { t: "(silent|mute) [please]", args: { mute: true } },
    ],
    samples: ["mute please", "no sound", "silence", "cut the sound"],
    fallback: (input) => ({ mute: !(input.words.includes("unmute") || input.words.includes("on")) }),
  },
};

const SCREEN = "(screen|display|monitor|laptop|backlight)";

export const SYSTEM_INTENTS: IntentTable = {
  system_brightness_set: {
    templates: [
      `(set|change|turn|adjust|put|make) [the] [${SCREEN}] brightness (to|at) {level}`,
      `[${SCREEN}] brightness [to|at] {level}`,
      `(dim|lower|brighten|raise|increase|decrease|reduce) [the] ${SCREEN} [brightness] to {level}`,
      `(dim|lower|brighten|raise|increase|decrease|reduce) [the] brightness [of the ${SCREEN}] to {level}`,
      { t: `(max|maximum|full) [${SCREEN}] brightness`, args: { level: 100 } },
      {
        t: `(set|turn) [the] [${SCREEN}] brightness (to|all the way) (max|maximum|full|up)`,
        args: { level: 100 },
      },
    ],
    samples: ["change the screen brightness", "screen too bright", "brightness settings"],
    fallback: () => undefined,
  },
  system_battery: {
    vetoes: /\b(?:car|jump|vehicle|phone|cellphone)\b/,
    anchors: /\b(?:battery|charge|charging|charged|plugged|power)\b/,
    templates: [
      "(how much|what) battery (do i have|is left|have i got|remains) [left]",
      "(what is|what's|check|show|tell me) [my|the] [laptop|computer] battery [level|status|percentage|life|charge]",
      "how (much|long) (is|will) [my|the] battery [left|last]",
      "is [my|the] (laptop|computer|battery|pc) (charging|plugged in|full|low)",
      "[laptop|computer] battery [level|status|percentage|life]",
      "how much (charge|power) (do i have|is left) [left]",
      "do i need to (charge|plug in) [my|the] (laptop|computer)",
    ],
    samples: ["battery check", "power level", "am i running out of battery"],
    fallback: NO_ARGS,
  },
  system_lock: {
    anchors: /\block\b.*\b(?:screen|computer|laptop|pc|desktop|session)\b/,
    templates: [
      "lock [the|my|this] (screen|computer|laptop|pc|desktop|workstation|session|machine)",
      "lock [it] [up] now",
      "(turn on|start|activate) the (screen lock|lock screen|screensaver)",
    ],
    samples: ["lock screen", "lock up the computer", "secure my computer"],
    fallback: NO_ARGS,
  },
  system_notify: {
    templates: [
      "(show|send|display|give me|pop up|post|create) [me] a (notification|desktop notification|popup|alert) (saying|that says|with the text|with|that|to say) {title}",
      "notify me (saying|that says|with the text) {title}",
      "(pop up|show) (a message|an alert) (saying|that says) {title}",
    ],
    samples: ["show a notification", "send me a desktop notification", "pop up an alert"],
  },
};

const APP_SUFFIX = "[app|application|program|window]";

export const APP_INTENTS: IntentTable = {
  apps_launch: {
    anchors: /\b(?:open|launch|start|run|app|application)\b/,
    templates: [
      `(open|launch|start|run|fire up|boot up|load|bring up|start up|pull up|switch to|go to) [the|my|up] {app} ${APP_SUFFIX}`,
      `(open|launch|start) up {app} ${APP_SUFFIX}`,
      `(i need|i want|give me) [the] {app} ${APP_SUFFIX}`,
    ],
    samples: ["open an app", "launch a program", "start an application"],
    fallback: (input) => {
      const app = findApp(input);
      return app ? { app } : undefined;
    },
  },
  apps_quit: {
    anchors: /\b(?:close|quit|exit|kill|shut)\b/,
    templates: [
      `(quit|close|exit|kill|shut down|terminate|stop|shut) [the|my] {app} ${APP_SUFFIX}`,
      `(close|shut) [down] [the|my] {app} ${APP_SUFFIX} [down]`,
    ],
    samples: ["close this app", "quit the program", "kill the application"],
    fallback: (input) => {
      const app = findApp(input);
      return app ? { app } : undefined;
    },
  },
  apps_list: {
    anchors: /\b(?:apps|applications|programs|windows|running)\b/,
    templates: [
      "(which|what) (apps|applications|programs|windows) (are|do i have) (running|open) [right now|now]",
      "(list|show|display) [me] [all] [the|my] (open|running) (apps|applications|programs|windows)",
      "what is (running|open) [on my (computer|laptop|desktop)] [right now]",
      "(list|show) [me] [the|my] (apps|applications|windows)",
    ],
    samples: ["running programs", "open windows", "what apps are open"],
    fallback: NO_ARGS,
  },
};
