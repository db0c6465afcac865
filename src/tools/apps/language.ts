import { type Args, type BuildInput, findApp, NO_ARGS, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withEvery, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask to open, close and list apps (the team's own sentences). */
const APP_SUFFIX = "[app|application|program|window]";
/** One more of what is already open: "another", "a second", "a fresh" window of the app. */
const ANOTHER = "(another|a second|a new|one more|an extra|a fresh|a separate|a further)";
/** Starting something said with a particle ("spin up another terminal", "fire up a new browser"). */
const START_UP = "spin up|fire up|start up|boot up|bring up|pull up|pop open|crack open";
/** The whole app, not one of its windows: "completely", "all its windows", "for good". */
/** An app that no longer answers: quitting it must be forced ("it froze, kill it"). */
const HUNG =
  "(froze|has frozen|is frozen|frozen|not responding|unresponsive|stuck|is stuck|got stuck|hung|has hung|is hanging|is not responding|stopped responding|has stopped responding|is unresponsive|locked up|crashed)";
const FORCED =
  /\b(?:force|kill|froze|frozen|stuck|hung|hanging|not responding|stopped responding|unresponsive|locked up|crashed)\b/i;

/** The app to quit, forced when it was said to hang or to be killed; the words around dropped. */
/**
 * "close the firefox window": one window of the app, closed by the windows' own reading. Closing
 * it wholly ("… and all its windows", "completely") or killing it is still the app's.
 */
const ONE_WINDOW = /\b(?:close|shut)\b(?:(?!\b(?:quit|kill|exit|terminate|force)\b).)*\bwindow\b(?!s)/i;
const WHOLLY_SAID = /\b(?:completely|entirely|altogether|for good|fully|all its windows|every window)\b/i;

function quitArgs(input: BuildInput): Args | undefined {
  const { tail: _tail, ...args } = slotsAsArgs(input);
  if (typeof args.app !== "string") return args;
  if (ONE_WINDOW.test(input.env.text) && !WHOLLY_SAID.test(input.env.text)) return undefined;
  return FORCED.test(input.env.text) ? { ...args, force: true } : args;
}

const WHOLLY =
  "(completely|entirely|altogether|for good|fully|all its windows|and all its windows|every window)";

const APP_INTENTS: IntentTable = {
  apps_launch: {
    refersTo: ({ app }) => (typeof app === "string" ? { it: app } : undefined),
    capability: { area: "Apps", can: "open, close and list apps", example: "open firefox" },
    ask: { app: "Which app?" },
    describe: ({ app }) => (typeof app === "string" ? `Open ${app}` : undefined),
    anchors: /\b(?:open|launch|start|run|app|application)\b/,
    templates: [
      `(open|launch|start|run|fire up|boot up|load|bring up|start up|pull up) [the|my|up] {app} ${APP_SUFFIX}`,
      `(open|launch|start) up {app} ${APP_SUFFIX}`,
      `(i need|i want|give me) [the] {app} ${APP_SUFFIX}`,
    ],
    samples: ["open an app", "launch a program", "start an application"],
    // An app asked for by the word "app" alone: which one is asked
    askShapes: ["[can you] (open|launch|start|run) (an|the|a|some) (app|application|program) [for me]"],
    // A second window of an app is the app started again, not a window arranged (never taught:
    // "another … window" would pull every request about windows towards starting apps)
    shapes: [
      {
        t: `[(open|start|launch|give me|get me|i need|i want|can i have|${START_UP})] ${ANOTHER} {app} window [{tail:text}]`,
        args: { new_window: true },
      },
      { t: `(open|start|launch) {app} in ${ANOTHER} window [{tail:text}]`, args: { new_window: true } },
      // Another of the app itself, with what it is for after ("open another firefox, a new
      // window even if one is open")
      {
        t: `(open|start|launch|run|i need|i want|give me|get me|${START_UP}) ${ANOTHER} {app} [app|instance|copy] [,] [{tail:text}]`,
        args: { new_window: true },
      },
      // The app named first, then what to do with it ("spotify. open it")
      "{app} [app|application|program] (open|launch|start) it [up] [please]",
      "get me [the|my] {app} [app|application|program] [please]",
      // "get the calculator up": the particle after the app
      "(get|pull|bring) [the|my] {app} [app|application|program] up [{tail:text}]",
    ],
    // Words after the app are why or how, kept out of the call; a second request is not
    build: (input) =>
      /\b(?:and|then|also)\b/i.test(String(input.values.tail ?? "")) ? undefined : slotsAsArgs(input),
    // "close it" after opening an app quits it
    followUp: ({ kind, last }) =>
      kind === "undo" && typeof last.args.app === "string"
        ? { tool: "apps_quit", args: { app: last.args.app } }
        : undefined,
    fallback: (input) => {
      const app = findApp(input);
      return app ? { app } : undefined;
    },
  },
  apps_quit: {
    ask: { app: "Which app?" },
    describe: ({ app }) => (typeof app === "string" ? `Quit ${app}` : undefined),
    anchors: /\b(?:close|quit|exit|kill|shut)\b/,
    // Shutting down things that are not programs: not a guess to act on, nor to ask about
    // …nor a guess at which app when the request keeps one open ("everything except firefox")
    // or takes itself back ("close slack? no, leave it")
    vetoes:
      /\b(?:power|plant|computer|pc|laptop|machine|system|factory|reactor|station|engine|car|lights?|door|account|except|apart from|other than|but not|everything|every app|all (?:the |my )?(?:apps|programs|windows)|leave it|keep it|never ?mind|scratch that|on second thoughts?)\b/,
    templates: [
      `[force] (quit|close|exit|kill|shut down|terminate|stop|shut) [the|my] {app} ${APP_SUFFIX}`,
      `(close|shut) [down] [the|my] {app} ${APP_SUFFIX} [down]`,
    ],
    samples: ["close this app", "quit the program", "kill the application", "force quit the frozen program"],
    asks: ["[force] (quit|close|exit) (it|that|this|the app|this app|the application|the program)"],
    shapes: [
      `[force] (quit|close|exit|shut down|shut|kill) [the|my] {app} ${APP_SUFFIX} [down] ${WHOLLY} [{tail:text}]`,
      // The app said to hang, then killed ("gimp froze, just kill it"), or killed and then why
      `[the|my] {app} ${APP_SUFFIX} [has|just] ${HUNG} [again] [,] [so|just|please|can you] (kill|force quit|force close|quit|close|end) it [{tail:text}]`,
      `(kill|force quit|force close|end) [the|my] {app} ${APP_SUFFIX} [,] [it is|it has|its|because it is|because it|since it] ${HUNG} [{tail:text}]`,
    ],
    build: quitArgs,
    // The app said only as "the app", with why: which app is asked, the reason is no name
    askShapes: [
      "(shut|close|quit|kill) (the app|this app|the program|this program|the application) [down] {tail:text}",
      "[can you] (force close|force quit|force-close|force-quit|close|quit|kill) (an|a|some) (app|application|program) [for me]",
    ],
    fallback: (input) => {
      const app = findApp(input);
      return app ? { app } : undefined;
    },
  },
  apps_list: {
    describe: () => "List the apps",
    anchors: /\b(?:apps|applications|programs|windows|running)\b/,
    templates: [
      "(which|what) (apps|applications|programs) (are|do i have) (running|open|installed) [right now|now]",
      "(list|show|display) [me] [all] [the|my] (open|running|installed) (apps|applications|programs)",
      "what is (running|open) [on my (computer|laptop|desktop)] [right now]",
      "(list|show) [me] [the|my] (apps|applications)",
      "what (apps|applications|programs) (have i got|do i have|can you open|can i open)",
    ],
    samples: ["running programs", "open windows", "what apps are open"],
    // Whether something is installed, asked of the computer (the list answers it: no argument)
    build: () => ({}),
    shapes: [
      "what [apps|applications|programs|software] (have i got|do i have|is there|is) installed [on (this|my|the) (thing|computer|laptop|machine|pc|box)]",
      // Asked of the machine by which, the computer said last ("which programs are on my laptop")
      "(which|what) (apps|applications|programs|software) (have i got|do i have|are there|is there|are|is) (on|in) (this|my|the) (computer|laptop|machine|pc|mac|box)",
      "(is|have i got|do i have) {app} installed [on (this|my|the) (thing|computer|laptop|machine|pc|box)]",
      "is {app} (open|running|still running|still open) [at the moment|right now|now]",
    ],
    fallback: NO_ARGS,
  },
};

const APP_FOCUS_INTENTS: IntentTable = {
  apps_focus: {
    ask: { app: "Which app?" },
    describe: ({ app }) => (typeof app === "string" ? `Switch to ${app}` : undefined),
    templates: [
      "(switch|change|flip|jump) (to|over to) [the|my] {app} [app]",
      "(focus|focus on) [the|my] {app} [app|window]",
      "bring [the|my] {app} [app|window] to the front",
      "(go back|get back) to [the|my] {app}",
    ],
    // Going to an app named alone: the app brought forward (never taught, so the windows'
    // "go to the firefox window" keeps its reading)
    shapes: [
      "(go|head|hop|get) (to|over to) [the|my] {app} [app]",
      "(switch|flip|jump|change|hop|head) back (to|over to|into) [the|my] {app} [app|window] [please|now]",
      "bring [the|my] {app} (i have|i have got|i already have|that is|that is already|i had) [already] open (to the front|forward|up)",
    ],
    samples: ["switch over to the editor", "i want to get back to the browser"],
  },
};

/** Opening, quitting and bringing apps forward beside a reason ("open Teams, call in 5") is done. */
export const APPS_LANGUAGE = withPhrasings(
  withEvery(byTool(APP_INTENTS, APP_FOCUS_INTENTS), { besideReason: "act" }),
  SAMPLES,
);
