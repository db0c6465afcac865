import { z } from "zod";
import type { CalendarAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, type HandleStore, ok, type ToolDefinition } from "../../core/tool.js";
import type { CalendarServices } from "../calendar/accounts.js";
import { fetchContacts } from "./carddav.js";
import {
  callableNumbers,
  kindLabel,
  looksLikeNumber,
  normaliseNumber,
  type PhoneKind,
  phoneKind,
  phoneUri,
  pickNumber,
  queryCandidates,
  type UriOpener,
} from "./phone.js";
import type { Contact } from "./vcard.js";

const parameters = z
  .object({
    // a name is as world-pointing as a number here: it picks who gets called, so the gate checks
    // that it came from the user (or is a #c/#p handle from contacts_search)
    query: z
      .string()
      .min(1)
      .max(200)
      .describe(
        'who: a contact name ("mom", "sarah\'s work number"), a #c/#p handle from contacts_search, or a phone number',
      )
      .meta({ "x-provenance": "phone" }),
    via: z.enum(["call", "text"]).optional().describe("call (default) or text"),
    number: z
      .string()
      .min(1)
      .max(40)
      .describe("dial exactly this number (or #p handle) instead of the contact's")
      .meta({ "x-provenance": "phone" })
      .optional(),
    type: z
      .string()
      .min(1)
      .max(20)
      .optional()
      .describe("which of the contact's numbers: mobile, work or home"),
    message: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe("text to prefill (via text only); the user still sends it in their messaging app"),
  })
  .strict();
type Args = z.infer<typeof parameters>;

const NUMBER_CHARS = "digits, spaces, + * # - ( ) . only";

/** The refusals a schema cannot say; run from `risk` so the user is never asked to approve them. */
export function checkCallArgs(args: Args): void {
  if (!args.query.trim()) throw new JarvisError("ARGS_INVALID", "query is empty: say who to call or text");
  if (args.type !== undefined && !phoneKind(args.type)) {
    throw new JarvisError(
      "ARGS_INVALID",
      `type must be mobile, work or home (got "${args.type.slice(0, 20)}")`,
    );
  }
  if (args.number !== undefined && !normaliseNumber(args.number)) {
    throw new JarvisError("ARGS_INVALID", `number "${args.number}" is not a phone number (${NUMBER_CHARS})`);
  }
  if (looksLikeNumber(args.query) && !normaliseNumber(args.query)) {
    throw new JarvisError("ARGS_INVALID", `"${args.query}" is not a phone number (${NUMBER_CHARS})`);
  }
  if (args.message !== undefined && args.via !== "text") {
    throw new JarvisError("ARGS_INVALID", 'a message goes with via "text" only');
  }
}

/** Who and what gets dialled: the same resolution runs for the preview and for the call. */
interface Target {
  via: "call" | "text";
  name: string | undefined;
  /** As the card (or the user) wrote it, for people to read. */
  number: string;
  kind: string;
  uri: string;
}

const who = (t: Pick<Target, "name" | "number">) => (t.name ? `${t.name} (${t.number})` : t.number);

function dedupe(contacts: Contact[]): Contact[] {
  const seen = new Set<string>();
  return contacts.filter((c) => {
    const key = c.uid || JSON.stringify([c.name, c.emails, c.phones]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function contactsCallTool(
  services: CalendarServices,
  accounts: () => CalendarAccountConfig[],
  opener: UriOpener,
): ToolDefinition {
  const allContacts = async (signal: AbortSignal): Promise<Contact[]> => {
    const list = accounts();
    if (list.length === 0) {
      throw new JarvisError(
        "UNAVAILABLE",
        "no contacts (CardDAV) account is configured, so Jarvis cannot look up names; say the number instead",
        { fix: "add one with `jarvis accounts add <name> --caldav <url>` (or carddav.url)" },
      );
    }
    return dedupe((await Promise.all(list.map((a) => fetchContacts(services, a, signal)))).flat());
  };

  /** A name for a number the user gave: from a handle's label, else the one contact that has it. */
  const nameForNumber = async (
    query: string,
    number: string,
    handles: HandleStore,
    signal: AbortSignal,
  ): Promise<string | undefined> => {
    const labelled = [...handles.list("p"), ...handles.list("c")].find((e) => e.value === number);
    if (labelled?.label) return labelled.label;
    if (accounts().length === 0) return looksLikeNumber(query) ? undefined : query;
    const { matchesContact } = await import("./vcard.js");
    try {
      const contacts = await allContacts(signal);
      const byNumber = contacts.filter((c) => matchesContact(c, number));
      if (byNumber.length === 1) return byNumber[0]!.name;
      if (looksLikeNumber(query)) return undefined;
      const byName = contacts.filter((c) => matchesContact(c, query));
      return byName.length === 1 ? byName[0]!.name : query;
    } catch (error) {
      if (signal.aborted) throw error;
      // the name is only a label: the number the user gave is what gets dialled
      return looksLikeNumber(query) ? undefined : query;
    }
  };

  const listed = (contact: Contact, handles: HandleStore) => {
    const tool = "contacts_call";
    const numbers = callableNumbers(contact).map((p) => {
      const handle = handles.mint("p", p.number, { label: contact.name, tool, trust: "trusted" });
      const kind = kindLabel(p);
      return `${kind ? `${kind} ` : ""}${p.number} ${handle}`;
    });
    const primary = contact.emails[0] ?? contact.phones[0]?.number;
    const handle = primary
      ? handles.mint("c", primary, { label: contact.name, tool, trust: "trusted" })
      : "-";
    return `${handle} ${contact.name}${numbers.length ? ` (${numbers.join(", ")})` : ""}`;
  };

  const resolveTarget = async (args: Args, handles: HandleStore, signal: AbortSignal): Promise<Target> => {
    checkCallArgs(args);
    const via = args.via ?? "call";
    const verb = via === "call" ? "call" : "text";
    const query = args.query.trim();
    const target = (name: string | undefined, number: string, kind: string): Target => ({
      via,
      name,
      number,
      kind,
      uri: phoneUri(via, number, args.message),
    });
    if (args.number !== undefined) {
      return target(await nameForNumber(query, args.number, handles, signal), args.number.trim(), "");
    }
    if (looksLikeNumber(query)) return target(await nameForNumber(query, query, handles, signal), query, "");

    const { matchesContact } = await import("./vcard.js");
    const contacts = await allContacts(signal);
    let matches: Contact[] = [];
    let asked: PhoneKind | undefined;
    let said = query;
    for (const candidate of queryCandidates(query)) {
      matches = contacts.filter((c) => matchesContact(c, candidate.name));
      if (matches.length === 0) continue;
      said = candidate.name;
      asked = candidate.kind;
      break;
    }
    const kind = args.type !== undefined ? phoneKind(args.type) : asked;
    if (matches.length === 0) {
      throw new JarvisError(
        "NOT_FOUND",
        `no contact matches "${query}"; add them with contacts_add (name and phone), or give the number to ${verb}`,
      );
    }
    // "call bob" means Bob, not Bobby, when a card is named exactly that
    const lower = said.toLowerCase();
    const exact = matches.filter((c) => c.name.toLowerCase() === lower || c.emails.includes(lower));
    const pool = exact.length > 0 ? exact : matches;
    // a card without a number is no alternative (often a twin made by adding the number later)
    const callable = pool.filter((c) => callableNumbers(c).length > 0);
    if (callable.length === 0) {
      const names = pool.map((c) => c.name).join(", ");
      throw new JarvisError(
        "NOT_FOUND",
        `${pool.length === 1 ? `${names} has` : `none of the contacts matching "${query}" (${names}) has`} no phone number; add it with contacts_add (name "${pool[0]!.name}", phone …), or give the number to ${verb}`,
      );
    }
    if (callable.length > 1) {
      const shown = callable.slice(0, 8).map((c) => listed(c, handles));
      const more = callable.length > shown.length ? `, and ${callable.length - shown.length} more` : "";
      throw new JarvisError(
        "ARGS_INVALID",
        `"${query}" matches ${callable.length} contacts: ${shown.join("; ")}${more}. Say which one (e.g. ${verb} ${shown[0]!.split(" ")[0]})`,
      );
    }
    const contact = callable[0]!;
    const choice = pickNumber(contact, kind, via);
    if ("missing" in choice) {
      throw new JarvisError(
        "NOT_FOUND",
        `${contact.name} has no ${kind} number; numbers on the card: ${listed(contact, handles)}. Pick one (e.g. ${verb} ${listed(contact, handles).match(/#p\d+/)?.[0] ?? contact.name}), or add the ${kind} number in your contacts app`,
      );
    }
    return target(contact.name, choice.number, kindLabel(choice));
  };

  return defineTool<Args>({
    name: "contacts_call",
    group: "contacts",
    description:
      "Call or text a person: looks the name up in the contacts (or takes a #c/#p handle or a number) and hands a tel:/sms: link to the system's phone app. Jarvis itself has no telephony; the user is shown the name and number first.",
    parameters: parametersFrom(parameters),
    // it reaches a person (like mail_send), reads the address book over CardDAV, and opens an app
    effects: ["send", "read", "network", "ui", "egress"],
    risk: (args) => {
      checkCallArgs(args);
      return "dangerous";
    },
    // Only phrasings whose slots carry the whole call: "text alice" needs via "text" and "sarah's
    // work number" needs type "work", which a tool's own examples cannot fix (intents can).
    examples: [
      "(call|ring|phone|dial) {query:contact}",
      "(call|ring|phone) {query:contact} (up|back)",
      "give {query:contact} a (call|ring|buzz)",
      "(place|make) a [phone] call to {query:contact}",
      "(call|ring|phone|dial) {query:handle}",
    ],
    async preview(args, ctx) {
      const target = await resolveTarget(args, ctx.handles, ctx.signal);
      const argv = opener.argv(target.uri);
      const kind = target.kind ? ` (${target.kind})` : "";
      const what = target.via === "call" ? "Call" : "Text";
      const head = `${what} ${target.name ?? target.number}${kind} at ${target.number}${args.message ? `: "${args.message}"` : ""}`;
      const app = target.via === "call" ? "your phone app places the call" : "your messaging app opens";
      return argv
        ? `${head}\nJarvis hands ${target.uri} to ${argv[0]}; ${app}.`
        : `${head}\nThis system has no handler Jarvis knows for ${target.uri.split(":")[0]}: links; you will have to dial it yourself.`;
    },
    async execute(args, ctx) {
      const target = await resolveTarget(args, ctx.handles, ctx.signal);
      const scheme = target.uri.split(":")[0]!;
      const yourself = `${target.via === "call" ? "dial" : "text"} ${who(target)} yourself`;
      const data = { via: target.via, name: target.name, number: target.number, uri: target.uri };
      const argv = opener.argv(target.uri);
      if (!argv) {
        return fail("UNAVAILABLE", `this system has no handler for ${scheme}: links; ${yourself}`);
      }
      ctx.signal.throwIfAborted();
      try {
        await opener.run(argv);
      } catch (error) {
        const why = error instanceof JarvisError ? error.message : String(error);
        return fail(
          error instanceof JarvisError ? error.code : "TOOL_FAILED",
          `could not hand ${target.uri} to the system (${why}), so no ${target.via === "call" ? "call was placed" : "text was started"}; ${yourself}`,
        );
      }
      const verb = target.via === "call" ? "call" : "text";
      return ok(`Asked the system to ${verb} ${who(target)}: handed ${target.uri} to ${argv[0]}.`, {
        ...data,
        argv,
      });
    },
  });
}
