import type { Args } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/**
 * Contacts said with their values or their kind of message in the words (decision 0045): a
 * name saved beside its address and number, a text said as one, a call with no one named. A
 * number dialled as written stays a question (middle-band-rescue.test.ts): digits misheard
 * reach a stranger.
 * All shapes: matched whole, never taught.
 */

/** A phone number as written or said in digit groups ("0161 496 0000", "+44 7700 900123"). */
const PHONE_NUMBER = /^\+?\(?\d[\d ()-]{5,}\d$/;

/** One value as said: an address is the email, a number the phone. */
function oneValue(value: string): Args | undefined {
  const said = value.trim().replace(/^(?:email|e mail|address|number|phone|mobile|and)\s+/i, "");
  if (/^[\w.+-]+\s*@\s*[\w.-]+(?:\s+dot\s+\w+)*$/i.test(said))
    return { email: said.replace(/\s+dot\s+/gi, ".").replace(/\s+/g, "") };
  if (PHONE_NUMBER.test(said)) return { phone: said };
  return undefined;
}

/** A contact's values said as they are, one or an address and a number ("x@y.com, 0161 …"). */
function contactValue(value: unknown): Args | undefined {
  if (typeof value !== "string") return undefined;
  const parts = value.split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  if (parts.length === 0 || parts.length > 2) return undefined;
  const found = parts.map(oneValue);
  if (found.some((f) => !f)) return undefined;
  const merged = Object.assign({}, ...found) as Args;
  return Object.keys(merged).length === parts.length ? merged : undefined;
}

export const CONTACT_SAID_INTENTS: IntentTable = {
  // A call wanted with no one named ("I need to make a call"): who is asked
  contacts_call_someone: {
    tool: "contacts_call",
    askShapes: [
      "[i need to|i want to|i would like to|let me|can i|can you|please] (make|place) a [phone] call [now|please|for me]",
    ],
    build: () => ({}),
  },
  // A text said as one ("send a msg to jake saying gg"): a word mail never uses
  contacts_text_saying: {
    tool: "contacts_call",
    shapes: [
      "(send|shoot|drop) [a|an] (msg|text|sms|text message) to {query:contact} (saying|that says|to say|that) {message:text}",
    ],
    build: ({ values }) =>
      typeof values.query === "string" && typeof values.message === "string"
        ? { query: values.query, via: "text", message: values.message.trim() }
        : undefined,
  },

  // Jarvis has no telephony: contacts_call hands tel: / sms: to the system's phone app
  // A person saved with the number or address said beside the name ("save 07700 900123 as
  // Plumber Dave", "add Lena Hoff to my contacts, lena@…"). Matched, not taught
  contacts_add_with_value: {
    tool: "contacts_add",
    shapes: [
      "(save|add|store|put) {value:text} (as|under) {name:text} [in|to|into] [my] [contacts|contact list|address book|phone]",
      "(add|save|put|store) {name:text} (to|in|into) [my] (contacts|contact list|address book) [,] [with|email|e mail|address|number|phone] {value:text}",
      // The values between the name and the contacts ("add Tom Baker, tom@…, to my contacts"):
      // the name is what comes before the first comma
      "(add|save|put|store) {said:text} (to|in|into) [my] (contacts|contact list|address book)",
    ],
    build: ({ values, matches }) => {
      const said = matches.said?.raw;
      const comma = said ? said.indexOf(",") : -1;
      const found = contactValue(
        said && comma > 0 ? said.slice(comma + 1).replace(/,\s*$/, "") : values.value,
      );
      const name = (
        said && comma > 0 ? said.slice(0, comma) : typeof values.name === "string" ? values.name : ""
      ).trim();
      // "save 0207 123 4567 as my wifi code" keeps a fact, not a person
      const thing = /^(?:my|the|a|an|our|his|her|its|their)\b|\b(?:code|password|pin|number|default|key)\b/i;
      if (!found || !name || /@|\d/.test(name) || thing.test(name) || name.split(/\s+/).length > 4)
        return undefined;
      return { name, ...found };
    },
  },
};
