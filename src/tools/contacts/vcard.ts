import ICAL from "ical.js";

export interface Contact {
  uid: string;
  name: string;
  organization: string;
  emails: string[];
  phones: Array<{ number: string; type: string }>;
}

/** ical.js leaves RFC 2426's escaped semicolon (`\;`) in text values; the user reads ";". */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.flat().filter(Boolean).map(textOf).join(" ");
  return value == null ? "" : String(value).replaceAll("\\;", ";");
}

/** Parses one or more vCards (3.0 or 4.0); unreadable cards are skipped, not fatal. */
export function parseVCards(data: string): Contact[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(data);
  } catch {
    return [];
  }
  const list = (
    Array.isArray(parsed) && typeof parsed[0] === "string" ? [parsed] : (parsed as unknown[])
  ) as unknown[];
  const out: Contact[] = [];
  for (const jcard of list) {
    try {
      const card = new ICAL.Component(jcard as unknown[]);
      if (card.name !== "vcard") continue;
      const n = card.getFirstPropertyValue("n");
      const name =
        textOf(card.getFirstPropertyValue("fn")).trim() ||
        (Array.isArray(n) ? [n[1], n[0]].map(textOf).filter(Boolean).join(" ") : textOf(n)).trim();
      out.push({
        uid: textOf(card.getFirstPropertyValue("uid")),
        name: name || "(no name)",
        organization: textOf(card.getFirstPropertyValue("org")).trim(),
        emails: card
          .getAllProperties("email")
          .map((p) =>
            textOf(p.getFirstValue())
              .replace(/^mailto:/i, "")
              .trim()
              .toLowerCase(),
          )
          .filter((e) => e.includes("@")),
        phones: card.getAllProperties("tel").map((p) => {
          const type = p.getParameter("type");
          return {
            number: textOf(p.getFirstValue()).replace(/^tel:/i, "").trim(),
            type: (Array.isArray(type) ? type.join(",") : textOf(type)).toLowerCase(),
          };
        }),
      });
    } catch {
      // one malformed card must not hide the others
    }
  }
  return out;
}

const digits = (text: string) => text.replace(/\D/g, "");

/** Case-insensitive on names, organization and emails; digits-only on phone numbers. */
export function matchesContact(contact: Contact, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return false;
  const words = q.split(/\s+/);
  const haystack = [contact.name, contact.organization, ...contact.emails].join(" ").toLowerCase();
  if (words.every((w) => haystack.includes(w))) return true;
  const qDigits = digits(q);
  if (qDigits.length >= 4 && qDigits.length >= q.replace(/[\s()+.-]/g, "").length) {
    // "030 1234567" and "+49 30 1234567" are the same number: compare without trunk zeros,
    // allowing a country code in front of either
    const wanted = qDigits.replace(/^0+/, "");
    return contact.phones.some((p) => {
      const have = digits(p.number).replace(/^0+/, "");
      if (have.length < 4) return false;
      return (
        have.includes(qDigits) || (wanted.length >= 6 && (have.endsWith(wanted) || wanted.endsWith(have)))
      );
    });
  }
  return false;
}
