import { type Args, type BuildInput, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask to type, press keys and click (the team's own sentences). */
function clickArgs(input: BuildInput): Args {
  const args = slotsAsArgs(input);
  if (/\bright\b/.test(input.env.text.toLowerCase().split(/\bat\b/)[0] ?? "")) args.button = "right";
  return args;
}

const INPUT_INTENTS: IntentTable = {
  input_type: {
    capability: { area: "Windows and the desktop", can: "type, press keys and click for you" },
    ask: { text: "What should I type?" },
    describe: ({ text }) => (typeof text === "string" ? `Type "${text}"` : undefined),
    templates: [
      "(type|type out|type in|enter|key in) [the text|the words] {text}",
      "(type|write) {text} (in|into) [the|this] (box|field|window|document|editor)",
      "(fill in|put) {text} in the (box|field)",
    ],
    samples: ["type my address into the form", "enter this text for me", "write hello in the box"],
    negatives: ["what type of dog is that", "what blood type am i"],
  },
  input_hotkey: {
    ask: { keys: "Which keys?" },
    describe: ({ keys, repeat }) =>
      typeof keys === "string"
        ? `Press ${keys}${typeof repeat === "number" ? ` ${repeat} times` : ""}`
        : undefined,
    templates: [
      "(press|hit|push|tap) {keys} [key|keys]",
      "(press|hit|tap) {keys} {repeat:number} times",
      "(press|hit|use) the {keys} (key|shortcut|keys)",
      "(do|send) [the] (shortcut|hotkey|key combination) {keys}",
    ],
    samples: ["press the escape key", "hit enter for me", "do control s", "press control and c"],
  },
  input_click: {
    describe: ({ x, y, double }) => `${double === true ? "Double-click" : "Click"} at ${x}, ${y}`,
    templates: [
      "[left|right] click (at|on) {x:number} {y:number}",
      "[left|right] click (at|on) {x:number} (by|and|comma) {y:number}",
      { t: "double click (at|on) {x:number} [by|and|comma] {y:number}", args: { double: true } },
      "click (at|on) (position|coordinates|point) {x:number} [by|and|comma] {y:number}",
    ],
    build: clickArgs,
    samples: ["click at the coordinates i gave you", "click on that point on the screen"],
  },
};

export const INPUT_LANGUAGE = byTool(INPUT_INTENTS);
