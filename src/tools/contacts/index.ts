import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import { type CalendarToolOptions, createCalendarServices } from "../calendar/index.js";
import type { ToolDeps } from "../deps.js";
import { contactsAddTool } from "./add.js";
import { contactsCallTool } from "./call.js";
import { cardServer, fetchContacts } from "./carddav.js";
import { systemUriOpener, type UriOpener } from "./phone.js";

// tsdav and ical.js (./vcard.js) are imported where they are used so that building the tool list
// does not load them; ./vcard.js is not re-exported here for the same reason.
export { buildVCard, contactUid, findDuplicate, type NewContact, samePhone } from "./card.js";
export { cardServer, fetchContacts } from "./carddav.js";
export { openerArgv, systemUriOpener, type UriOpener } from "./phone.js";
export type { Contact } from "./vcard.js";

const parameters = z
  .object({
    query: z.string().min(1).max(200).describe("a name, part of an email address, or a phone number"),
    limit: z.number().int().min(1).max(50).optional(),
    account: z.string().min(1).max(32).optional(),
  })
  .strict();
type Args = z.infer<typeof parameters>;

/** contacts_search and contacts_add over CardDAV; results become trusted #c/#a/#p handles for recipients. */
export function contactsTools(
  deps: ToolDeps,
  options: CalendarToolOptions & { opener?: UriOpener } = {},
): ToolDefinition[] {
  const services = createCalendarServices(deps, options);
  const accounts = () => deps.config.calendar.accounts.filter((a) => cardServer(a) !== undefined);
  const search = defineTool<Args>({
    name: "contacts_search",
    group: "contacts",
    description:
      "Find contacts by name, email or phone. Returns #c (contact), #a (email) and #p (phone) handles usable as mail recipients.",
    parameters: parametersFrom(parameters),
    effects: ["read", "network"],
    sensitivity: "private",
    risk: "safe",
    // Names, organisations and notes come from vCards others wrote (shared and synced books).
    // The addresses and numbers stay trusted handles: they are the user's address book's.
    trust: "untrusted",
    examples: ["find {query} in my contacts", "what is {query}'s email", "phone number of {query}"],
    available: () =>
      accounts().length > 0 ? undefined : "no CardDAV account is configured (`jarvis accounts add`)",
    async execute(args, ctx) {
      const chosen = accounts().filter((a) => args.account === undefined || a.name === args.account);
      if (chosen.length === 0) {
        throw new JarvisError(
          args.account ? "NOT_FOUND" : "UNAVAILABLE",
          args.account
            ? `no contacts account named "${args.account}"`
            : "no contacts (CardDAV) account is configured",
          {
            fix: "add one with `jarvis accounts add <name> --caldav <url>` (or carddav.url)",
          },
        );
      }
      const { matchesContact } = await import("./vcard.js");
      const found = (await Promise.all(chosen.map((a) => fetchContacts(services, a, ctx.signal))))
        .flat()
        .filter((c) => matchesContact(c, args.query));
      if (found.length === 0) return ok(`No contact matches "${args.query}".`, { contacts: [] });
      const rows = found.slice(0, args.limit ?? 10).map((contact) => {
        const tool = "contacts_search";
        // contacts are the user's own records: their addresses are clean recipients
        const emails = contact.emails.map((e) => ({
          value: e,
          handle: ctx.handles.mint("a", e, { label: contact.name, tool, trust: "trusted" }),
        }));
        const phones = contact.phones.map((p) => ({
          ...p,
          handle: ctx.handles.mint("p", p.number, { label: contact.name, tool, trust: "trusted" }),
        }));
        const primary = contact.emails[0] ?? contact.phones[0]?.number;
        const handle = primary
          ? ctx.handles.mint("c", primary, { label: contact.name, tool, trust: "trusted" })
          : undefined;
        return { contact, emails, phones, handle };
      });
      const lines = rows.map(({ contact, emails, phones, handle }) => {
        const details = [
          ...emails.map((e) => `${e.value} (${e.handle})`),
          ...phones.map((p) => `${p.number}${p.type ? ` [${p.type}]` : ""} (${p.handle})`),
        ].join(", ");
        return `${handle ?? "-"}  ${contact.name}${contact.organization ? ` (${contact.organization})` : ""}${details ? ` — ${details}` : ""}`;
      });
      return ok([`${found.length} contact${found.length === 1 ? "" : "s"}:`, ...lines].join("\n"), {
        contacts: rows.map(({ contact, emails, phones, handle }) => ({
          handle,
          name: contact.name,
          organization: contact.organization || undefined,
          emails: emails.map((e) => ({ address: e.value, handle: e.handle })),
          phones: phones.map((p) => ({ number: p.number, type: p.type, handle: p.handle })),
        })),
      });
    },
  });
  const available = () =>
    accounts().length > 0 ? undefined : "no CardDAV account is configured (`jarvis accounts add`)";
  const opener = options.opener ?? systemUriOpener({ env: deps.env });
  return [
    search,
    { ...contactsAddTool(services, accounts), available },
    contactsCallTool(services, accounts, opener),
  ];
}
