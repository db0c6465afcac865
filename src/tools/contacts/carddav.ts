import type { DAVAddressBook } from "tsdav";
import type { CalendarAccountConfig, DavServerConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import type { CalendarServices } from "../calendar/accounts.js";
import { davAuthorization, statusError } from "../calendar/caldav.js";
import { davFetch } from "../calendar/dav-fetch.js";
import { connectionError } from "../mail/net-errors.js";
import type { Contact } from "./vcard.js";

// tsdav and ical.js (./vcard.js) are imported where they are used so that building the tool
// list does not load them.

/** CardDAV server of an account: its own block, else the CalDAV one (most servers serve both). */
export function cardServer(account: CalendarAccountConfig): DavServerConfig | undefined {
  return account.carddav ?? account.caldav;
}

interface CardDavSession {
  server: DavServerConfig;
  options: {
    headers: Record<string, string>;
    fetch: typeof fetch;
    fetchOptions: { signal: AbortSignal };
  };
  books: DAVAddressBook[];
}

/**
 * Discovers the account's address books and runs `fn` with them; every failure becomes one
 * line naming the server and account (auth, unreachable, no address books there).
 */
async function withAddressBooks<T>(
  services: CalendarServices,
  account: CalendarAccountConfig,
  signal: AbortSignal,
  fn: (session: CardDavSession) => Promise<T>,
): Promise<T> {
  const server = cardServer(account)!;
  const service = account.carddav ? "carddav" : "caldav"; // the CalDAV login serves both when carddav is absent
  const authorization = await davAuthorization(account.name, service, server, services.secrets, signal);
  const options = {
    headers: { authorization },
    fetch: davFetch(server, server.url),
    fetchOptions: { signal },
  };
  const { createAccount, fetchAddressBooks } = await import("tsdav");
  try {
    const dav = await createAccount({
      account: { serverUrl: server.url, accountType: "carddav" },
      ...options,
    });
    const books = await fetchAddressBooks({ account: dav, ...options });
    return await fn({ server, options, books });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof JarvisError) throw error;
    if (/cannot find (principalUrl|homeUrl)/.test(String((error as Error)?.message))) {
      throw new JarvisError(
        "UNAVAILABLE",
        `CardDAV server ${server.url} (account ${account.name}) offers no address books there`,
        {
          fix: "set carddav.url to the server's CardDAV address",
        },
      );
    }
    throw connectionError("CardDAV", server.url, account.name, error);
  }
}

async function readBooks(
  session: CardDavSession,
  account: CalendarAccountConfig,
  books: DAVAddressBook[],
): Promise<Contact[]> {
  const [{ addressBookQuery }, { parseVCards }] = await Promise.all([import("tsdav"), import("./vcard.js")]);
  const contacts: Contact[] = [];
  for (const book of books) {
    const responses = await addressBookQuery({
      url: book.url,
      props: { "d:getetag": {}, "card:address-data": {} },
      depth: "1",
      ...session.options,
    });
    const failed = responses.find((r) => !r.ok && r.status !== undefined && !r.props);
    if (failed)
      throw statusError("CardDAV", session.server.url, account.name, failed.status ?? 500, "list contacts");
    for (const response of responses) {
      const value = response.props?.addressData as unknown;
      const data =
        typeof value === "string"
          ? value
          : value && typeof value === "object" && "_cdata" in value
            ? String((value as { _cdata: unknown })._cdata)
            : undefined;
      if (data) contacts.push(...parseVCards(data));
    }
  }
  return contacts;
}

/** Every vCard of every address book of one account (one REPORT per book). */
export function fetchContacts(
  services: CalendarServices,
  account: CalendarAccountConfig,
  signal: AbortSignal,
): Promise<Contact[]> {
  return withAddressBooks(services, account, signal, (session) => readBooks(session, account, session.books));
}

/** Display name of an address book: its displayname, else the last segment of its URL. */
export function bookName(book: DAVAddressBook): string {
  if (typeof book.displayName === "string" && book.displayName) return book.displayName;
  return decodeURIComponent(new URL(book.url).pathname.split("/").filter(Boolean).at(-1) ?? "contacts");
}

export interface AddPlan {
  /** Every contact already in the account, to refuse duplicates before writing. */
  contacts: Contact[];
  /** The address book the card goes to (the account's first). */
  book: string;
}

/**
 * Stores a new vCard in the account's first address book. `check` runs against the account's
 * current contacts right before the PUT and may refuse; `If-None-Match: *` (tsdav) keeps an
 * existing card with the same file name untouched.
 */
export function createCard(
  services: CalendarServices,
  account: CalendarAccountConfig,
  card: { uid: string; data: string },
  check: (plan: AddPlan) => void,
  signal: AbortSignal,
): Promise<{ url: string; book: string; existed: boolean }> {
  return withAddressBooks(services, account, signal, async (session) => {
    const book = session.books[0];
    if (!book) throw noBooks(session.server.url, account.name);
    check({ contacts: await readBooks(session, account, session.books), book: bookName(book) });
    signal.throwIfAborted();
    const { createVCard } = await import("tsdav");
    const filename = `${card.uid.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 120)}.vcf`;
    const url = new URL(filename, book.url.endsWith("/") ? book.url : `${book.url}/`).href;
    const response = await createVCard({
      addressBook: book,
      vCardString: card.data,
      filename,
      ...session.options,
    });
    if (response.status === 412) return { url, book: bookName(book), existed: true };
    if (!response.ok)
      throw statusError("CardDAV", session.server.url, account.name, response.status, "save the contact");
    return { url, book: bookName(book), existed: false };
  });
}

/** Where the card would go and what is already there, without writing (for the preview). */
export function planAdd(
  services: CalendarServices,
  account: CalendarAccountConfig,
  signal: AbortSignal,
): Promise<AddPlan> {
  return withAddressBooks(services, account, signal, async (session) => {
    const book = session.books[0];
    if (!book) throw noBooks(session.server.url, account.name);
    return { contacts: await readBooks(session, account, session.books), book: bookName(book) };
  });
}

function noBooks(url: string, account: string): JarvisError {
  return new JarvisError("NOT_FOUND", `CardDAV server ${url} (account ${account}) has no address book`, {
    fix: "create an address book in your contacts app or on the server first",
  });
}
