type Properties = Record<string, Record<string, unknown>>;

/**
 * "no, message him instead": a word that names another argument whose description says it
 * goes with one choice only ("text to prefill (via text only)") says that choice (dev22).
 */
export function impliedChoice(
  choice: string,
  name: string,
  words: readonly string[],
  properties: Properties,
): boolean {
  const escaped = choice.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const only = new RegExp(`\\b${escaped}\\s+only\\b`, "i");
  return Object.entries(properties).some(
    ([other, p]) => other !== name && words.includes(other) && only.test(String(p.description ?? "")),
  );
}
