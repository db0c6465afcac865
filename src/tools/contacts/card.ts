import { createHash } from "node:crypto";
import type { Contact } from "./vcard.js";

export interface NewContact {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
}

/**
 * A UUID derived from the account and the card's content: the preview can show the exact card
 * that execute writes, and a retried call cannot create a twin (the PUT is If-None-Match).
 */
export function contactUid(account: string, contact: NewContact): string {
  const hex = createHash("sha256")
    .update(JSON.stringify([account, contact.name, contact.email ?? "", contact.phone ?? ""]))
    .digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** RFC 2426 text escaping (backslash, comma, semicolon, newline). */
function escapeText(value: string): string {
  return value.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 2426 §2.6). */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** "Sam Smith" → family "Smith", given "Sam"; one word is a given name; an address has neither. */
function structuredName(name: string, isAddress: boolean): string {
  if (isAddress) return ";;;;";
  const words = name.split(" ");
  const family = words.length > 1 ? words.pop()! : "";
  return `${escapeText(family)};${escapeText(words.join(" "))};;;`;
}

/**
 * The vCard 3.0 Jarvis stores: 3.0 because RFC 6352 requires every CardDAV server to accept it
 * (4.0 is optional, and some large providers reject it). Lines end in CRLF.
 */
export function buildVCard(uid: string, contact: NewContact): string {
  const name = displayName(contact);
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "PRODID:-//Jarvis//Contacts//EN",
    `UID:${escapeText(uid)}`,
    `FN:${escapeText(name)}`,
    `N:${structuredName(name, !contact.name)}`,
    ...(contact.email ? [`EMAIL;TYPE=INTERNET:${contact.email}`] : []),
    ...(contact.phone ? [`TEL;TYPE=VOICE:${escapeText(contact.phone)}`] : []),
    "END:VCARD",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** The name the card shows: the given one, else the address or number (FN may not be empty). */
export function displayName(contact: NewContact): string {
  return contact.name || contact.email || contact.phone || "";
}

const digits = (text: string) => text.replace(/\D/g, "").replace(/^0+/, "");

/**
 * Same number written differently: equal digits without trunk zeros, or one ends with the
 * other and the shorter still has 7 digits (a country code in front of one of them).
 */
export function samePhone(a: string, b: string): boolean {
  const [x, y] = [digits(a), digits(b)];
  if (x.length < 3 || y.length < 3) return false;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.length >= 7 && long.endsWith(short);
}

/** The existing contact a new one would duplicate: same email, or same phone when no email is given. */
export function findDuplicate(
  contacts: readonly Contact[],
  contact: NewContact,
): { contact: Contact; by: "email" | "phone" } | undefined {
  if (contact.email) {
    const email = contact.email.toLowerCase();
    const found = contacts.find((c) => c.emails.includes(email));
    return found ? { contact: found, by: "email" } : undefined;
  }
  if (contact.phone) {
    const phone = contact.phone;
    const found = contacts.find((c) => c.phones.some((p) => samePhone(p.number, phone)));
    return found ? { contact: found, by: "phone" } : undefined;
  }
  return undefined;
}
