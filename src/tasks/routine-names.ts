import type { LanguageEnv } from "../brain/nlu/language/index.js";
import type { IntentTable } from "../tools/language.js";

const text = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/[.!?]+$/, "") : undefined;

/** Kinds of routine named in place of the word ("the morning briefing", "the weekly digest"). */
const KIND_WORDS = "briefing|digest|round up|roundup|wrap up|check in";
const ROUTINE_KIND = `(${KIND_WORDS})`;

/**
 * Why, said after the routine ("… routine while I'm on holiday", "…, I'm back"): a clause of
 * its own that only the words before it name the routine in.
 */
const WHY = "(,|while|as|because|since|cos|till|until) {why:text}";

/** Verbs said to a routine's kind that no player shares (pause is the player's with no kind). */
export const KIND_PAUSE = "(pause|suspend|disable)";
/**
 * A paused routine started again: "again" after its kind, or "up again" / "back up" after
 * "routine", says it ran before ("start the morning briefing again", "start the weather routine
 * up again"); "start my workout routine (again)" is a habit of the person's, never this.
 */
export const START_AGAIN = [
  `(start|restart|switch|turn) [the|my] {id:label} ${ROUTINE_KIND} [back] [up|on] again`,
  "(start|restart) [the|my] {id:label} (routine|automation) (up again|back up)",
  `(turn|switch) [the|my] {id:label} ${ROUTINE_KIND} back on`,
].flatMap((shape) => [`${shape} [please]`, `${shape} ${WHY}`]);

/**
 * A routine the person made, named bare ("run the bins now" when they have a routine called
 * bins): the name as they stored it, or undefined when they have none of that name. Only the
 * person's own routine names (read from the store at each turn) stand without the word
 * "routine", since "pause the bins" names nothing to Jarvis otherwise.
 */
function ownRoutine(said: string, env: LanguageEnv): string | undefined {
  const wanted = said.toLowerCase();
  return [...(env.user?.routines ?? [])].find((name) => name.toLowerCase() === wanted);
}

/**
 * A routine named by the person ("the morning briefing routine", "my Halden mail automation"):
 * the word "routine" or "automation" is required, since "pause the morning show" or "stop the
 * washing machine" name something else; without a name, Jarvis asks which.
 */
export function routineByName(
  tool: string,
  verb: string,
  verbs: string,
  question: string,
  kindVerbs?: string,
  more: readonly string[] = [],
): IntentTable {
  // No "start" or "do": "start my workout routine", "do my bedtime routine" are a person's habits.
  const ROUTINE = "(routine|automation)";
  // A routine named by what it does, its kind said in place of "routine" ("run the morning
  // briefing now", "resume the weekly digest"): only with the verbs no player or lamp shares
  const byKind = kindVerbs
    ? [
        `${kindVerbs} [the|my] {id:label} ${ROUTINE_KIND} [back on|again|now|right now|for now|please]`,
        `${kindVerbs} [the|my] {id:label} ${ROUTINE_KIND} ${WHY}`,
      ]
    : [];
  return {
    [tool]: {
      describe: ({ id }) => (typeof id === "string" ? `${verb} the routine "${id}"` : undefined),
      anchors: /\b(?:routines?|automations?)\b/,
      ask: { id: question },
      // Shapes, never taught: the verbs are the player's and the lights' too ("turn off", "stop").
      shapes: [
        `${verbs} [the|my] {id:label} ${ROUTINE} [back on|again|now|for now|please]`,
        `${verbs} [the|my] {id:label} ${ROUTINE} [back on|again|now|for now] ${WHY}`,
        `${verbs} [the|my] ${ROUTINE} (called|named) {id:label} [now|for now|please]`,
        ...byKind,
        ...more,
        {
          t: `${verbs} [the|my] {id:label} [back on|again|now|right now|for now|please]`,
          args: { bare: true },
        },
        { t: `${verbs} [the|my] {id:label} [back on|again|now|for now] ${WHY}`, args: { bare: true } },
      ],
      askShapes: [`${verbs} (a|my|the) ${ROUTINE}`, `${verbs} one of my (routines|automations)`],
      build: (input) => {
        const id = text(input.values.id);
        if (!id || /^(?:a|an|my|the|this|that|every|all)$/i.test(id)) return undefined;
        if (input.fixed.bare === true) {
          const own = ownRoutine(id, input.env);
          return own ? { id: own } : undefined;
        }
        // Named by its kind, the kind is part of its name ("morning briefing")
        const kind = new RegExp(
          `\\b${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+(${KIND_WORDS})\\b`,
          "i",
        ).exec(input.env.text)?.[1];
        return { id: kind ? `${id} ${kind}` : id };
      },
    },
  };
}
