/**
 * Languages by their English names: words the values' parsers read ("captions in German",
 * "translate to Polish"), so the spelling corrector must know them as they are. Unknown to the
 * catalog's sentences, "german" was one letter from "germany" and read as the country.
 */
export const LANGUAGE_NAMES: readonly string[] = (
  "english spanish french german italian portuguese dutch swedish norwegian danish finnish polish " +
  "czech slovak hungarian romanian bulgarian croatian serbian slovenian greek turkish russian " +
  "ukrainian arabic hebrew persian farsi urdu hindi bengali punjabi tamil japanese korean chinese " +
  "mandarin cantonese vietnamese thai indonesian malay filipino tagalog swahili welsh irish " +
  "scottish gaelic catalan basque galician icelandic latvian lithuanian estonian"
).split(" ");
