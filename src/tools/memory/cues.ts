import type { GroupCues } from "../../core/language.js";

/** A question about the user's own life ("who is my dentist", "do you remember …", "that book Sam mentioned"). */
export const MEMORY_CUES: GroupCues = {
  shapes: [
    {
      pattern:
        /\b(?:who(?:'?s| is| was)|what(?:'?s| is| was)|when(?:'?s| is))\s+my\b|\bmy\s+(?:home |work |office )?address\b|\bmy\s+(?:wife|husband|partner|girlfriend|boyfriend|spouse|mum|mom|mother|dad|father|parents?|grand(?:ma|pa|mother|father|parents?)|nan|gran|aunt|uncle|cousin|niece|nephew|in-laws|family|sister|brother|siblings?|son|daughter|kids?|child|children|boss|manager|dentist|doctor|landlord|neighbou?r|coach|teacher|friend|colleague|allerg\w*|preferences?|favou?rite)\b|\b(?:did i tell you|did i (?:say|mention)\s+(?:was|is|were|are|i|i'd|i'm|my)\b|do you (?:know|remember)|you remember|what do you know)\b/i,
      weight: 4,
    },
    // What the person always has or likes, named as theirs ("my usual sign-off", "the one I
    // like", "how I take it"): a preference they told before
    {
      pattern:
        /\bmy usual\b|\bthe (?:one|way) I (?:like|prefer|always use)\b|\bhow I (?:like|take) (?:it|mine)\b/i,
      weight: 3,
    },
    // Where someone lives, works or goes is a fact the user told: "near where my aunt lives"
    { pattern: /\bwhere\s+(?:my\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:lives?|works?|stays?)\b/i, weight: 3 },
    {
      pattern:
        /\b(?:that|the)\s+(?:[\w'-]+\s+){1,4}(?:\w+\s+)?(?:recommended|mentioned|suggested|told me about|was telling me about)\b/i,
      weight: 3.5,
    },
    // Where the person left something out in the world ("where did I park", "where did I leave
    // the spare key"): only what they told before answers it
    {
      pattern: /\bwhere\s+(?:did|have|had)\s+i\s+(?:park|parked|leave|left)\b/i,
      weight: 3,
    },
    // A question asked "again" is about something the person said before ("what's her name again?")
    {
      pattern: /\b(?:what|who|when|where|which)(?:'?s| is| was| were| are)?\b[^.?!]{0,40}\bagain\b/i,
      weight: 3,
    },
  ],
  words: {
    remember: ["memory"],
    forget: ["memory"],
    recall: ["memory"],
    address: ["contact", "memory"],
    allergic: ["memory"],
    favourite: ["memory"],
    favorite: ["memory"],
    // Something the person told the assistant before, asked back for
    "you've got my": ["recall", "remember"],
    "you know my": ["recall", "remember"],
    "i told you": ["recall", "remember"],
    "saved somewhere": ["recall", "remember"],
    "got it saved": ["recall", "remember"],
    "have it saved": ["recall", "remember"],
    "you saved": ["recall", "remember"],
  },
};
