import { byTool, type IntentTable } from "../../tools/language.js";

/**
 * How people ask for tools Jarvis writes itself (the team's own sentences). All shapes, never
 * taught: "make a tool", "a draft" and "the tool you made" must be said, so nothing another
 * group's classifier learnt moves.
 */

/** Approval said before the act ("looks good, register draft d7"): the review is the person's. */
const APPROVED =
  "[looks good|looks great|looks fine|all good|great|perfect|nice|fine|ok|okay|that's fine|that is fine|that works|yes|yeah] [,] [then|so] [please]";

/** Something the person wants a new tool to do: made only with a model, said so honestly. */
const WHAT_IT_DOES = "(that|which|to) {description:text}";

const FACTORY_INTENTS: IntentTable = {
  tools_make: {
    describe: ({ description }) =>
      typeof description === "string" ? `Write a new tool that ${description}` : undefined,
    shapes: [
      `(make|write|build|create|code) [me|us] (a|an) [new] [little|small] (tool|command|plugin) ${WHAT_IT_DOES}`,
      `(i need|i want|can you make|could you make|can you write|could you write) (a|an) [new] [little|small] (tool|command|plugin) ${WHAT_IT_DOES}`,
    ],
    // Drafting a tool's code is a language model's work: offline, the honest sentence instead
    // of an action that can only fail
    beyond: () =>
      "Writing a new tool needs a language model to draft its code; with one set up, I can draft it and test it in the sandbox.",
  },
  tools_register: {
    describe: ({ draft }) => (typeof draft === "string" ? `Add the drafted tool ${draft}` : undefined),
    shapes: [
      `${APPROVED} (register|install|add|keep|accept|approve|save) [the|that|tool] draft {draft:text} [please|now]`,
      `${APPROVED} (register|install|add|keep|accept|approve|save) the (tool|new tool) [from] draft {draft:text}`,
    ],
    ask: { draft: "Which draft? Ask me to list the tools I've drafted first." },
    // The approval said of the tool just drafted ("looks good, register it", "tests passed?
    // register it then"): which draft is asked (the factory names them), never guessed
    askShapes: [
      `${APPROVED} (register|accept|approve) (it|that|this|that one|this one|the tool|the new tool|the draft|that tool|this tool) [then|please|now] [then|please|now]`,
      "(tests|the tests|its tests|the tests have|it has) (passed|pass|went through|are fine|are green) [,] [so|then] (register|accept|approve) (it|that|the tool) [then|please|now]",
    ],
    build: ({ values }) => {
      const draft = typeof values.draft === "string" ? values.draft.trim() : "";
      // A draft is named by its id, one word with a digit ("d7")
      return /^[\w-]*\d[\w-]*$/.test(draft) ? { draft } : undefined;
    },
  },
  tools_remove: {
    ask: { name: "Which of the tools I made? Ask me to list them first." },
    // Named by its own name, said as one word ("remove the generated tool recipe_converter")
    // Named by its own name after its kind, with or without "called" ("the generated tool called
    // pdf_merger", "my custom tool named x")
    shapes: [
      "(remove|delete|uninstall|get rid of|drop) (the|my|that) (generated|custom|made|new|homemade|home-made) tool [called|named] {name:text}",
      // Named after who made it ("get rid of the tool you made called x"), or with why after
      // ("delete the generated tool x, it's rubbish")
      "(remove|delete|uninstall|get rid of|drop) the (tool|command) (you made|you wrote|you built|we made|we built|i had you make) (called|named) {name:text}",
      "(remove|delete|uninstall|get rid of|drop) (the|my|that) (generated|custom|made|new|homemade|home-made) tool [called|named] {name:text} , {tail:text}",
    ],
    describe: ({ name }) => (typeof name === "string" ? `Remove the tool you made, "${name}"` : undefined),
    // The tool named by what it does and who made it: which one is asked (its real name is the
    // factory's), never removed on a guess
    askShapes: [
      "(remove|delete|uninstall|get rid of|drop) the {what:text} tool (you made|you wrote|you built|we made|we built|i had you make)",
      "(remove|delete|uninstall|get rid of|drop) the tool (you made|you wrote|you built|we made) (for|that|which) {what:text}",
    ],
    build: ({ values, env }) => {
      // Why after the name ("…, it's rubbish") is no part of it; a second request is not a reason
      if (/\b(?:and|then|also)\b/i.test(String(values.tail ?? ""))) return undefined;
      let name = typeof values.name === "string" ? values.name.trim() : "";
      // A name written with underscores is one word, whatever the words read split it into
      if (values.tail !== undefined && /^[a-z][\w-]*$/i.test(name))
        name = new RegExp(`\\b${name}[\\w-]*`, "i").exec(env.text)?.[0] ?? name;
      return /^[a-z][\w-]*$/i.test(name) && !/\s/.test(name) ? { name } : {};
    },
  },
};

export const FACTORY_LANGUAGE = byTool(FACTORY_INTENTS);
