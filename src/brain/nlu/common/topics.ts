/**
 * Subjects that make an utterance a request for information rather than a command: money and
 * markets, news, arithmetic, word meanings. An utterance the classifier could not place that
 * is about one of these is answered as a question (never acted on), not refused as unknown.
 */
export const CURRENCY =
  "currenc(?:y|ies)|exchange rates?|forex|conver(?:t|sion)|dollars?|euros?|yen|yuan|pounds? sterling|rupees?|pesos?|francs?|rubles?|roubles?|dinars?|rials?|won|usd|eur|gbp|cad|aud|jpy|inr|cny|bitcoins?|crypto\\w*";
const MARKETS =
  "stocks?|shares?|share prices?|stock market|markets?|nasdaq|dow jones|dow|s ?& ?p|ftse|nikkei|ticker|trading|traded|investments?|portfolio|closing price|opening price|market cap";
const NEWS =
  "news|headlines?|breaking|stories|story|articles?|reports?|updates?|latest on|current events|press|bulletin|journal|times|post|cnn|bbc|msnbc|fox news|reuters|election results?";
const MATHS =
  "plus|minus|multipl\\w+|divided|divide|subtract\\w*|add up|sum of|square root|cube root|squared|cubed|percent(?:age)?|equals?|equation|calculat\\w+|comput\\w+|median|average|math\\w*|arithmetic|factorial|logarithm|fraction|solve|solution";
const WORDS =
  "define|definition|meaning|mean|means|synonyms?|antonyms?|spell|spelling|pronounce|describe|description|explain|explanation|facts?|information about|info on|info of|trivia|history of|biography|wikipedia|population|height of|area of|specs|origin of";

/** Facts about the world: records, people's vital data, places. */
const FACTS =
  "largest|tallest|biggest|smallest|highest|longest|deepest|fastest|richest|oldest|youngest|population|capital of|president of|prime minister|birth ?date|born|net worth|founded|invented|discovered|located|geographic\\w*|distance (?:from|between)|how far is|how tall|how big|how deep|how many people|lyrics";

export const INFO_TOPICS = new RegExp(
  `\\b(?:${[CURRENCY, MARKETS, NEWS, MATHS, WORDS, FACTS].join("|")})\\b`,
);
