const SECRET_KEY =
  /pass(word|wd|phrase)?|secret|token|api[_-]?key|authorization|cookie|credential|private[_-]?key/i;
const SECRET_VALUE =
  /\b(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})\b/g;
/**
 * A secret stated in prose ("my password is …", "PIN: …", "api key = …"), as in a mail body or a
 * note: the word stays, the value goes. Over-matching ("the password is wrong") only hides a word.
 */
const SECRET_PHRASE =
  /\b(pass(?:word|wd|phrase|code)?|pin|token|api[ _-]?key|secret|credentials?)(\s*(?:is|:|=)\s*)(["']?)([^\s"',;]{4,})/gi;
const AUDIT_STRING_LIMIT = 2_000;

function redactString(text: string): string {
  return text.replace(SECRET_VALUE, "[redacted]").replace(SECRET_PHRASE, "$1$2$3[redacted]");
}

/** Copy of `value` safe to record: secret-looking keys and values replaced, long strings cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 16) return "[nested]";
  if (typeof value === "string") {
    const cleaned = redactString(value);
    return cleaned.length > AUDIT_STRING_LIMIT
      ? `${cleaned.slice(0, AUDIT_STRING_LIMIT)}…[${cleaned.length - AUDIT_STRING_LIMIT} more chars]`
      : cleaned;
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, 100).map((item) => redact(item, depth + 1));
    if (value.length > 100) items.push(`[${value.length - 100} more items]`);
    return items;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value).slice(0, 100)) {
      out[key] = SECRET_KEY.test(key) ? "[redacted]" : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

export function redactText(text: string): string {
  return redactString(text);
}
