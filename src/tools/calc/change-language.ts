import type { Args, BuildInput } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/**
 * The change owed after a payment, said as the sale (nlu56): what something came to, what was
 * handed over, and the change asked after it ("the bill came to 18.20 and he paid with a 20,
 * what's the change", "ticket was 7 and she gave me 10, how much change"). Anyone who takes money
 * says it this way; the sum is what was given less what it cost. Matched, never taught: a price
 * and an amount handed over are said in many requests that are no sum.
 */
const COST = "(was|were|is|came to|comes to|come to|cost|costs|totalled|totaled|is at|was at)";
const GAVE =
  "(she|he|they|the customer|the passenger|the client|someone|i|we|you) (gave|handed|paid|give|hand|pay|passed) [me|him|her|them|us|you] [with|over] [a|an]";
const ASK =
  "(how much change|what's the change|whats the change|what is the change|what change|how much do i give back|how much back|what's my change|what is my change|how much change is that|the change)";

/** A sum of money as said ("12.50", "£20", "a twenty" is left to the words). */
function money(said: unknown): number | undefined {
  if (typeof said !== "string") return undefined;
  const m =
    /^\s*[£$€]?\s*(\d+(?:[.,]\d{1,2})?)\s*(?:pounds?|quid|dollars?|euros?)?\s*(?:note|bill)?\s*$/i.exec(said);
  return m ? Number(m[1]!.replace(",", ".")) : undefined;
}

function changeOf(input: BuildInput): Args | undefined {
  const cost = money(input.values.cost);
  const paid = money(input.values.paid);
  if (cost === undefined || paid === undefined || paid <= cost) return undefined;
  return {
    expression: `${input.values.paid} - ${input.values.cost}`
      .replace(/[£$€]|pounds?|quid|dollars?|euros?|note|bill/gi, "")
      .replace(/\s+/g, " ")
      .trim(),
  };
}

export const CALC_CHANGE_INTENTS: IntentTable = {
  calc_change_owed: {
    tool: "calc_evaluate",
    shapes: [
      `[the] {what:text} ${COST} {cost:text} (and|,) ${GAVE} {paid:text} [,] [so] ${ASK} [is that|do i give back|to give back|do i owe]`,
    ],
    build: changeOf,
  },
};
