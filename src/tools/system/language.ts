import {
  type Args,
  type BuildInput,
  type GuessInput as FallbackInput,
  findSeconds,
  NO_ARGS,
  parseNumber,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { leadingLength } from "../../brain/nlu/slots/index.js";
import { byTool, type IntentTable, withEvery, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask for the volume, the screen, the battery and notifications. */

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

const LOUDEST = /\b(?:max|maximum|loudest|highest|full)\b/;
/** "too loud" asks for less, "too low" / "can't hear" for more: the complaint, not the word. */
const TOO_LOUD = /\b(?:too|so|really|very|quite) loud\b|\bnoise\b/;
const TOO_SOFT =
  /\b(?:too|so|really|very) (?:low|quiet|soft)\b|\b(?:can ?not|can't|cant|barely|hardly) hear\b|\b(?:sound|volume|it) is (?:low|quiet|soft)\b/;

/** A classifier-only volume request: a level said with "to/at", a step "by", or a direction. */
function volumeGuess(input: FallbackInput): Args | undefined {
  const words = input.words;
  const said = words.join(" ");
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== "to" && words[i] !== "at" && words[i] !== "by") continue;
    const rest = words.slice(i + 1).filter((w) => w !== "percent" && w !== "%");
    const value =
      parseNumber(rest.slice(0, 3)) ?? parseNumber(rest.slice(0, 2)) ?? parseNumber(rest.slice(0, 1));
    if (value === undefined || value < 0 || value > 100) continue;
    if (words[i] !== "by") return { level: Math.round(value) };
    const down = /\b(?:down|lower|decrease|reduce)\b/.test(said);
    return value === 0 ? undefined : { change: down ? -value : value };
  }
  if (LOUDEST.test(said)) return { level: 100 };
  const w = new Set(words);
  let up = ["up", "louder", "increase", "raise", "raised", "higher", "high", "boost", "loud", "more"].some(
    (x) => w.has(x),
  );
  let down = [
    "down",
    "lower",
    "quieter",
    "decrease",
    "reduce",
    "softer",
    "soft",
    "low",
    "lessen",
    "less",
  ].some((x) => w.has(x));
  if (TOO_LOUD.test(said)) [up, down] = [false, true];
  else if (TOO_SOFT.test(said)) [up, down] = [true, false];
  if (up === down) return undefined;
  return up ? UP : DOWN;
}

const VOLUME_INTENTS: IntentTable = {
  system_volume_set: {
    capability: {
      area: "This computer",
      can: "change the volume and the brightness",
      example: "turn it down a bit",
    },
    ask: { level: "To what level (0 to 100)?" },
    describe: ({ level, change }) =>
      typeof level === "number"
        ? `Set the volume to ${level}%`
        : typeof change === "number"
          ? `Turn the volume ${change > 0 ? "up" : "down"}`
          : undefined,
    loose: false,
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
      { t: "turn (it|that|this) down [please|now|a bit|a little]", args: DOWN },
      { t: "turn (it|that|this) up [please|now|a bit|a little]", args: UP },
      { t: "turn up [please]", args: UP },
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
    // Too loud or too quiet, then the level wanted ("too loud, 50", "bit quiet, make it 70"):
    // the level said is the volume. Matched, never taught
    shapes: [
      "[it is|that is|this is|way|a bit|bit|much] too (loud|quiet|soft|low|high) [,] [make it|put it on|set it to|turn it to|go to|try] {level} [percent|%] [please]",
    ],
    samples: ["adjust the volume", "change the volume", "volume please", "can you make it louder"],
    build: volumeChange,
    fallback: volumeGuess,
  },
  system_volume_get: {
    describe: () => "Tell you the volume",
    loose: false,
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
    describe: ({ mute, for_s }) =>
      mute === false
        ? "Unmute the sound"
        : `Mute the sound${typeof for_s === "number" ? ` for ${Math.round(for_s / 60)} minutes` : ""}`,
    anchors:
      /\b(?:mute|unmute|muted|silent|silence|quiet|hush|shush|talk\w*|speak\w*|nois\w*|sounds?)\b|\bsound off\b/,
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
      // "be quiet for an hour", "set to silent for five minutes": a quiet spell, not an event
      {
        t: "[set|put|switch|turn] [it|the computer|the sound|the speakers|everything] [to|on|in|into] (silent|quiet|mute|silence) [mode] [on] for {for_s:duration}",
        args: { mute: true },
      },
      { t: "(be|stay|keep|go) (quiet|silent) for {for_s:duration}", args: { mute: true } },
      {
        t: "mute [the] [sound|audio|speakers|music|it|everything] for {for_s:duration}",
        args: { mute: true },
      },
      {
        t: "(do not|don't|dont) (talk|speak|say anything|respond|answer|make any noise|make a sound) [to me] for {for_s:duration}",
        args: { mute: true },
      },
      { t: "(no|stop) (talking|speaking|sound|sounds|noise) for {for_s:duration}", args: { mute: true } },
      {
        t: "[set|put|switch|turn] [it|the computer|the sound|the speakers|everything] [to|on|in|into] (silent|quiet|mute|silence) [mode] [on] (for|until) {text}",
        args: { mute: true },
      },
      { t: "(be|stay|keep|go) (quiet|silent) (for|until) {text}", args: { mute: true } },
      { t: "(keep|stay) (quiet|silent)", args: { mute: true } },
      {
        t: "(do not|don't|dont) (talk|speak|say anything|make any noise|make a sound|make any sound|make noise) [to me] [(for|until|today|tonight) [{text}]]",
        args: { mute: true },
      },
      { t: "(do not|don't|dont) (respond|answer) (for|until) {text}", args: { mute: true } },
      { t: "(no|stop) (talking|speaking|sound|sounds|noise) (for|until) {text}", args: { mute: true } },
      { t: "quiet (mode|time) [on|please]", args: { mute: true } },
    ],
    samples: ["mute please", "no sound", "silence", "cut the sound"],
    // A duration becomes a quiet spell (the tool unmutes after it); "until morning" just mutes
    build: (input) => {
      const mute = input.fixed.mute !== false;
      // "mute for 5 minutes, I'm on a call": the length opens the words after "for" (nlu44)
      const seconds = input.values.for_s ?? leadingLength(input.values.text);
      return mute && typeof seconds === "number" && seconds >= 1 && seconds <= 86_400
        ? { mute, for_s: Math.round(seconds) }
        : { mute };
    },
    fallback: (input) => {
      const said = input.words.join(" ");
      // "quiet mode on" mutes; "turn the sound back on" / "speakers on" unmutes
      const unmute =
        /\bunmute\b|\b(?:sound|audio|speakers?|volume|noise)\b.*\bon\b|\bon\b.*\b(?:sound|audio|speakers?|volume)\b/;
      if (unmute.test(said)) return { mute: false };
      // "mute the computer for 7 hours, I'm off to bed": a length said with "for" is a quiet
      // spell (the tool unmutes after it); a length said otherwise is the reason's, not the spell's
      const spell = /\bfor\b/.test(said) ? findSeconds(input) : undefined;
      return spell !== undefined && spell >= 1 && spell <= 86_400
        ? { mute: true, for_s: Math.round(spell) }
        : { mute: true };
    },
  },
};

const SCREEN = "(screen|display|monitor|laptop|backlight)";

/** Locking as people say it, a learner's "block" too, and what is locked. */
const LOCK = "(lock|block)";
const DEVICE = "[the|my|this] (screen|computer|laptop|pc|desktop|workstation|machine)";
/** A reason that says when, or a second request: no lock now. */
const WHEN_SAID =
  /\b(?:when|whenever|if|at|in \d|after|before|until|till|every|tomorrow|tonight|and then|then|also)\b|\d/i;
/** The person leaving the desk ("off for lunch", "going out", "back in a bit"). */
const LEAVING =
  /\b(?:off|going|gone|heading|popping|stepping|leaving|away|out|lunch|break|coffee|brb|back in|be right back|home|bed|meeting|walk)\b/i;

const SYSTEM_INTENTS: IntentTable = {
  system_brightness_set: {
    ask: { level: "To what level (0 to 100)?" },
    describe: ({ level }) => (typeof level === "number" ? `Set the brightness to ${level}%` : undefined),
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
    capability: { area: "This computer", can: "check the battery and lock the screen" },
    describe: () => "Check the battery",
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
    // The battery asked as how long the machine has ("how long till my laptop dies", "how long
    // before this computer runs out"). Matched, never taught; never a phone's or a car's
    shapes: [
      "how (long|much longer|much time) [have i got|do i have|is there] (till|until|til|before) [my|the|this] (laptop|computer|battery|machine|pc|notebook) (dies|runs out|is dead|goes flat|goes dead|needs charging|shuts down|switches off|turns off)",
      "how long (will|can|does) [my|the|this] (laptop|computer|machine|pc|notebook) (last|keep going|run) [on battery|on this charge|unplugged|before it dies]",
    ],
    samples: ["battery check", "power level", "am i running out of battery"],
    fallback: NO_ARGS,
  },
  system_lock: {
    describe: () => "Lock the screen",
    anchors: /\block\b.*\b(?:screen|computer|laptop|pc|desktop|session)\b/,
    templates: [
      "lock [the|my|this] (screen|computer|laptop|pc|desktop|workstation|session|machine)",
      "lock [it] [up] now",
      "(turn on|start|activate) the (screen lock|lock screen|screensaver)",
    ],
    samples: ["lock screen", "lock up the computer", "secure my computer"],
    // Locking said with the reason for leaving ("block the computer, I go to lunch", "off for a
    // break, lock it up"): a learner's "block" for lock, the reason before or after. Never
    // taught; a reason that says when ("when I leave", "at 5") is no lock now
    shapes: [
      { t: `[please|ok|okay] ${LOCK} ${DEVICE} [up] [please|now] [,] {why:text}`, args: { because: true } },
      `[please] block ${DEVICE} [please|now]`,
      {
        t: "{why:text} [,] (lock|block) (it|everything|the computer|the screen|my computer|my screen) [up] [please|now]",
        args: { because: true, leaving: true },
      },
      {
        t: "[ok|okay] lock (it|everything) up [please|now] [,] {why:text}",
        args: { because: true, leaving: true },
      },
    ],
    build: (input) => {
      if (input.fixed.because !== true) return {};
      const why = String(input.values.why ?? "");
      if (!why.trim() || WHEN_SAID.test(why)) return undefined;
      return input.fixed.leaving === true && !LEAVING.test(why) ? undefined : {};
    },
    fallback: NO_ARGS,
  },
  system_notify: {
    ask: { title: "What should it say?" },
    templates: [
      "(show|send|display|give me|pop up|post|create) [me] a (notification|desktop notification|popup|alert) (saying|that says|with the text|with|that|to say) {title}",
      "notify me (saying|that says|with the text) {title}",
      "(pop up|show) (a message|an alert) (saying|that says) {title}",
    ],
    // "put a message up on the screen saying …": a note shown on this screen is a notification.
    // Matched, never taught: taught, "screen" would lean every message to a notification
    shapes: [
      "(put|pop|flash|stick|throw) [up] a (message|note|notice|reminder) [up] on [the|my] screen (saying|that says|to say) {title}",
      // The notification said as a noun phrase with its words, no verb ("just a small desktop
      // popup saying …", "a desktop notification titled …"): "desktop" or "popup" names it
      "[just|only] (a|an) [small|little|quick] [desktop] (popup|pop-up|pop up|desktop notification) (saying|that says|titled|with the title|called) {title} [please|then|instead]",
    ],
    samples: ["show a notification", "send me a desktop notification", "pop up an alert"],
  },
};

/** A fact of this computer's that system_info reads, and the computer named. */
const FACT = "(memory|ram|disk|disk space|disc space|storage|space|hard drive space|free space)";
const MACHINE = "(this|my|the|the whole) (computer|laptop|machine|pc|box|system|desktop)";

const SYSTEM_INFO_INTENTS: IntentTable = {
  system_info: {
    describe: () => "Check this computer's details",
    templates: [
      "(how much|what) (disk|disc|storage|drive|hard drive) space (do i have|is left|is free|have i got) [left]",
      "(how much|is there) (free|enough) (disk|disc|storage) space [left]",
      "how (full|much space) is (my|the) (disk|drive|hard drive|storage)",
      "how much (memory|ram) (do i have|is free|is used|does this computer have)",
      "how much (memory|ram) (does|has) (this|my|the) (computer|machine|laptop|pc|box) (have|got)",
      "(what|which) (os|operating system|version of linux|linux) (is this|am i running|do i have)",
      "(show|give|tell) [me] [the] (system|computer|machine) (info|information|details|specs|stats)",
      "(system|computer) (info|information|specs|stats|details)",
      "how long (has|is) (the|this|my) (computer|machine|system) (been up|been running|up)",
      "what is (my|the|this) (computer|hostname|host name) (called|name)",
      "(what|which) (cpu|processor) (do i have|is this|is in this computer)",
    ],
    // This computer's facts asked two at a time, or one asked with more after it ("how much
    // memory and disk have i got", "how much free disk space have I got and how long has it been
    // on"). Matched, never taught: every part names the machine's own things
    shapes: [
      "[{about:text}] how much [free] (disk space|disk|space|storage|memory|ram|disc space) (and|or) [free] (disk space|disk|space|storage|memory|ram|disc space) (do i have|have i got|is there|is left|is free) [left]",
      "how much [free] (disk space|disk|storage|memory|ram|disc space) (do i have|have i got|is there|is left|is free) [left] (and|,) {tail:text}",
      "[{about:text}] how much (memory|ram|disk space|storage) (have i got|is there|is left|has it got|does it have|has this (computer|machine|laptop) got|does this (computer|machine|laptop) have)",
      // The machine named as what has them ("how much memory and disk does this computer have"),
      // and how long it has been on said as a question of the machine
      `how much [free] ${FACT} [(and|or|plus) [free] ${FACT}] (does|has|is on|is in) ${MACHINE} [have|got] [left|free] [{tail:text}]`,
      `how long (has|have|is) ${MACHINE} (been on|been up|been running|been switched on|been turned on|been going|on|up) [for] [now|today|already]`,
    ],
    build: (input) => {
      // "…, and delete the big files": more than a read is asked
      const tail = String(input.values.tail ?? "");
      if (tail && !/\b(?:how|what|which|is|are|has|have)\b/i.test(tail)) return undefined;
      if (/\b(?:delete|remove|clear|free up|empty|install|uninstall|kill)\b/i.test(tail)) return undefined;
      return {};
    },
    samples: [
      "am i running out of disk space",
      "how much room is left on my drive",
      "what machine is this",
      "uptime please",
    ],
  },
};

export const SYSTEM_LANGUAGE = withPhrasings(
  withEvery(byTool(VOLUME_INTENTS, SYSTEM_INTENTS, SYSTEM_INFO_INTENTS), { thisComputer: true }),
  SAMPLES,
);
