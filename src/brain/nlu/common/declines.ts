/**
 * What to say to a request Jarvis has no tool for, by category: an honest sentence about what it
 * cannot do (and what would let it), instead of "I'm not sure what you mean". Only ever used for
 * readings that are not actions; the first matching category speaks.
 */
interface Decline {
  about: RegExp;
  say: string;
}

const WITH_MODEL = "With a language model set up (`jarvis doctor`) I could";

const DECLINES: readonly Decline[] = [
  {
    about:
      /\b(?:exchange rates?|currenc(?:y|ies)|(?:dollars?|euros?|pounds?|yen|rupees?|pesos?|francs?|bitcoins?) (?:to|in|into) (?:dollars?|euros?|pounds?|yen|rupees?|pesos?|francs?|bitcoins?)|forex)\b/,
    say: "Exchange rates change all the time, so I need the internet for that; with a web search set up I can look up today's rate.",
  },
  {
    about: /\b(?:stocks?|share prices?|stock market|nasdaq|dow jones|ftse|s&p)\b/,
    say: "Share prices need the internet; with a web search set up I can look them up.",
  },
  {
    about:
      /\b(?:book|reserve|buy|get|find|search for|look for|check)\b.*\b(?:flights?|plane tickets?|train tickets?|bus tickets?|hotels?|airbnb|hostel|car hire|rental car)\b/,
    say: `I can't book travel. ${WITH_MODEL} search for options on the web.`,
  },
  {
    about:
      /\b(?:order|deliver|takeaway|takeout|pizza|food delivery|book a table|reserve a table|table for|restaurant reservation)\b/,
    say: `I can't order food or book tables. ${WITH_MODEL} find places on the web.`,
  },
  {
    about: /\b(?:taxi|cab|uber|lyft|ride to|ride home)\b/,
    say: "I can't call a taxi or book a ride.",
  },
  {
    about:
      /\b(?:lights?|lamps?|bulbs?|thermostat|heating|air con\w*|ac unit|vacuum|robot|plug|socket|smart home|garage door|front door|doorbell|blinds|curtains|coffee (?:machine|maker)|kettle|oven|fridge|dishwasher|washing machine|tv|television)\b/,
    say: "I can't control smart-home devices or appliances.",
  },
  {
    about:
      /\b(?:bank|account balance|transfer|send money|pay (?:my|the|a) (?:bill|rent|invoice)|credit card|debit card|paypal|venmo|routing number|pin number)\b/,
    say: "I can't see bank accounts or move money.",
  },
  {
    about: /\b(?:buy|purchase|order|add to (?:my )?cart|checkout)\b/,
    say: "I can't buy or order things.",
  },
  {
    about: /\b(?:facebook|twitter|tweet|instagram|tiktok|linkedin|snapchat|post (?:on|to)|social media)\b/,
    say: "I can't read or post to social networks.",
  },
  {
    about:
      /\b(?:play (?:a )?game|games?|chess|trivia|quiz me|tic tac toe|noughts and crosses|crossword|sudoku)\b/,
    say: "I can't play games.",
  },
  {
    about:
      /\b(?:translate|translation|how do you say|in (?:french|spanish|german|italian|japanese|chinese|portuguese))\b/,
    say: `I can't translate offline. ${WITH_MODEL} translate it.`,
  },
  {
    about: /\b(?:recipes?|how (?:do|to) (?:i )?(?:cook|bake|make))\b/,
    say: `I don't have recipes offline. ${WITH_MODEL} suggest one.`,
  },
  {
    about: /\b(?:news|headlines)\b/,
    say: "News needs the internet; with a web search set up I can look up the headlines.",
  },
];

/** The honest sentence for a request of a category Jarvis cannot serve, if it is one. */
export function declineFor(said: string): string | undefined {
  return DECLINES.find((decline) => decline.about.test(said))?.say;
}
