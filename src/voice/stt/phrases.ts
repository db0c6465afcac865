/**
 * Spoken command phrases for the everyday tools (HELPERS.md tool contracts), in the template
 * syntax of `grammar.ts`. The NLU's own templates (tool `examples`) are merged in at run time;
 * these make the grammar useful even before or without them. Only phrases whose slots are
 * closed sets can be recognised: free text ("search for …") needs the whisper backend.
 */
export const COMMAND_TEMPLATES: readonly string[] = [
  // timers and alarms
  "set a timer for {duration}",
  "set a {duration} timer",
  "(start|create) a timer for {duration}",
  "timer for {duration}",
  "set a timer called {label} for {duration}",
  "(list|show) [me] [my] timers",
  "how much time is left [on [my|the] timer]",
  "(cancel|stop|delete) [the|my] [{label}] timer",
  "(set|create) an alarm (for|at) {clock}",
  "wake me up at {clock}",
  "(list|show) [me] [my] alarms",
  "(cancel|delete|turn off) [the|my] alarm",
  // time, maths, weather
  "what time is it [in {city}]",
  "what's the time [in {city}]",
  "what is the time [in {city}]",
  "what's the date [today]",
  "what day is it [today]",
  "what is {number} (plus|minus|times|divided by) {number}",
  "what's {number} (plus|minus|times|divided by) {number}",
  "(what's|what is|how's|how is) the weather [like] [in {city}] [{day}]",
  "(what's|what is) the weather (forecast|going to be) [in {city}] [{day}]",
  "(will it|is it going to) rain [in {city}] [{day}]",
  "(what's|what is) the temperature [outside|in {city}]",
  // lists and reminders
  "add {item} to [my|the] {list} list",
  "put {item} on [my|the] {list} list",
  "(what's|what is) on [my|the] {list} list",
  "(show|read) [me] [my|the] {list} list",
  "remove {item} from [my|the] {list} list",
  "(clear|empty) [my|the] {list} list",
  "(list|show) [me] [my] reminders",
  "what are my reminders",
  // calendar, mail, contacts
  "(what's|what is) on my (calendar|schedule|agenda) [{day}]",
  "(what's|what is) my next (meeting|appointment|event)",
  "do i have any (meetings|appointments|events) [{day}]",
  "(check|read) my (mail|email|emails|messages)",
  "do i have any (new|unread) (mail|email|emails|messages)",
  // media, system, apps
  "(play|resume) [the] music",
  "(play|resume)",
  "(pause|stop) [the] music",
  "pause",
  "(next|skip) [song|track]",
  "(previous|last) (song|track)",
  "(what's|what is) playing",
  "what song is this",
  "(turn|set) [the] volume (up|down)",
  "volume (up|down)",
  "(turn it|turn the volume) (up|down)",
  "(set|change) [the] volume to {number} [percent]",
  "(mute|unmute) [the] (sound|audio|volume|computer)",
  "(mute|unmute)",
  "(set|change) [the] brightness to {number} [percent]",
  "(how much battery (is left|do i have)|what's my battery [level]|battery status)",
  "lock [the|my] (screen|computer)",
  "(open|launch|start) {app}",
  "(close|quit) {app}",
  "(list|show) [me] [the] (open|running) (apps|applications)",
  // conversation
  "(hello|hi) [jarvis]",
  "(thank you|thanks) [jarvis]",
  "how are you",
  "what can you do",
  "(stop|cancel|never mind)",
];

export const DIALOG_TEMPLATES: readonly string[] = [
  "(yes|yeah|yep|sure|okay|ok|correct|confirm|do it|go ahead|yes please)",
  "(no|nope|don't|do not|cancel|stop|no thanks|never mind)",
  "(repeat|say again|say that again|what)",
];

const UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS = [
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** Built-in slot values; the runtime may add its own (apps from the catalog, list names, contacts). */
export const SLOT_VALUES: Readonly<Record<string, readonly string[]>> = {
  number: [
    `(${UNITS.join("|")})`,
    `(${TEENS.join("|")})`,
    `(${TENS.join("|")}) [${UNITS.join("|")}]`,
    "(a|one) hundred",
    "zero",
  ],
  duration: [
    "(a|an|one) (second|minute|hour)",
    "{number} (seconds|minutes|hours)",
    "(a|an|one) (minute|hour) and a half",
    "half an hour",
    "{number} (minutes|hours) and {number} (seconds|minutes)",
  ],
  clock: [
    `(${[...UNITS, "ten", "eleven", "twelve"].join("|")}) [o'clock|a.m.|p.m.|thirty [a.m.|p.m.]|fifteen [a.m.|p.m.]|forty five [a.m.|p.m.]]`,
    "(noon|midnight)",
  ],
  day: [
    "today",
    "tonight",
    "tomorrow",
    "this (weekend|week)",
    "on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
  ],
  city: [
    "(london|paris|berlin|madrid|rome|tokyo|sydney|chicago|boston|seattle|toronto|dublin|amsterdam|vienna|moscow|beijing|delhi|dubai)",
    "(new york|los angeles|san francisco|hong kong|mexico city)",
  ],
  list: ["(shopping|grocery|groceries|to-do|todo|packing|reading|wish)"],
  item: [
    "(milk|eggs|bread|butter|cheese|coffee|tea|apples|bananas|rice|pasta|tomatoes|potatoes|onions|chicken|sugar|flour|water|juice|soap|batteries)",
  ],
  label: ["(pasta|tea|pizza|laundry|oven|workout|meeting|break)"],
  app: [
    "(firefox|chromium|chrome|terminal|calculator|thunderbird|spotify|files|settings|calendar|mail|music|slack|zoom|gimp)",
    "[the] (text editor|browser|file manager)",
  ],
};
