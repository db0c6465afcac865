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

/** Languages by their English names, as the two-letter codes a "language code" argument takes. */
export const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  english: "en",
  spanish: "es",
  french: "fr",
  german: "de",
  italian: "it",
  portuguese: "pt",
  dutch: "nl",
  swedish: "sv",
  norwegian: "no",
  danish: "da",
  finnish: "fi",
  polish: "pl",
  czech: "cs",
  greek: "el",
  turkish: "tr",
  russian: "ru",
  ukrainian: "uk",
  arabic: "ar",
  hebrew: "he",
  hindi: "hi",
  japanese: "ja",
  korean: "ko",
  chinese: "zh",
  mandarin: "zh",
  vietnamese: "vi",
  thai: "th",
  indonesian: "id",
  welsh: "cy",
  irish: "ga",
};
