import { z } from "zod";
import type { CalendarAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { emailString, parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import type { CalendarServices } from "../calendar/accounts.js";
import { buildVCard, contactUid, displayName, findDuplicate, type NewContact } from "./card.js";
import { type AddPlan, createCard, planAdd } from "./carddav.js";

const PHONE = /^\+?[\d\s()./-]{3,40}$/;

const parameters = z
  .object({
    name: z
      .string()
      .max(200)
      .optional()
      .describe("full name as it should appear (default: the email address or phone number)"),
    // the address itself, or a #a/#c handle from an earlier result (the gate resolves it)
    email: emailString("email address, or a #a/#c handle")
      .meta({
        anyOf: [
          { type: "string", format: "email" },
          { type: "string", pattern: "^#[ac]\\d{1,6}$" },
        ],
      })
      .optional(),
    phone: z
      .string()
      .min(3)
      .max(40)
      .describe("phone number, e.g. +49 30 1234567, or a #p/#c handle")
      .meta({ "x-provenance": "phone" })
      .optional(),
    account: z.string().min(1).max(32).optional().describe("contacts account (default: the first)"),
  })
  .strict();
type Args = z.infer<typeof parameters>;

/**
 * The card to add, from arguments the gate has validated and resolved. Throws the one-line
 * refusals a schema cannot say: neither email nor phone, a phone that is not a number, a #c
 * handle that stood for a phone where an email was asked.
 */
export function newContact(args: Args): NewContact {
  const name = args.name?.replace(/\s+/g, " ").trim() || undefined;
  const email = args.email?.trim().toLowerCase() || undefined;
  const phone = args.phone?.replace(/\s+/g, " ").trim() || undefined;
  if (!email && !phone) {
    throw new JarvisError("ARGS_INVALID", "a new contact needs an email address or a phone number");
  }
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new JarvisError("ARGS_INVALID", `"${email}" is not an email address`);
  }
  if (phone && (!PHONE.test(phone) || phone.replace(/\D/g, "").length < 3)) {
    throw new JarvisError(
      "ARGS_INVALID",
      `"${phone}" is not a phone number (digits, spaces, + - ( ) . only)`,
    );
  }
  return { name: name ?? "", email, phone };
}

function refuseDuplicate(plan: AddPlan, contact: NewContact, account: string): void {
  const duplicate = findDuplicate(plan.contacts, contact);
  if (!duplicate) return;
  const what = duplicate.by === "email" ? contact.email : contact.phone;
  throw new JarvisError(
    "ARGS_INVALID",
    `${what} is already in your contacts (${account}) as "${duplicate.contact.name}"; nothing was added`,
    { fix: `find it with contacts_search "${what}"` },
  );
}

export function contactsAddTool(
  services: CalendarServices,
  accounts: () => CalendarAccountConfig[],
): ToolDefinition {
  const pick = (name: string | undefined): CalendarAccountConfig => {
    const list = accounts();
    const account = name === undefined ? list[0] : list.find((a) => a.name === name);
    if (account) return account;
    throw new JarvisError(
      name ? "NOT_FOUND" : "UNAVAILABLE",
      name ? `no contacts account named "${name}"` : "no contacts (CardDAV) account is configured",
      { fix: "add one with `jarvis accounts add <name> --caldav <url>` (or carddav.url)" },
    );
  };
  return defineTool<Args>({
    name: "contacts_add",
    group: "contacts",
    description:
      "Add a contact (name with an email address and/or phone number) to the address book; refused if that email is already there. The user sees the exact card first.",
    parameters: parametersFrom(parameters),
    effects: ["write", "network"],
    // refusing here (before any confirmation) keeps the user from approving a call that cannot run
    risk: (args) => {
      newContact(args);
      return "dangerous";
    },
    examples: [
      "(add|save|put) {email:contact} (to|in|into) [my] contacts",
      "(add|save) {name:contact} (to|in|into) [my] contacts with (email|address) {email:contact}",
      "(save|store) {name:contact}'s (email|address|email address) [as] {email:contact}",
      "add a contact {name:contact} with (email|address) {email:contact}",
      "(add|save) {name:contact}'s (number|phone|phone number) {phone:text}",
    ],
    async preview(args, ctx) {
      const contact = newContact(args);
      const account = pick(args.account);
      const plan = await planAdd(services, account, ctx.signal);
      refuseDuplicate(plan, contact, account.name);
      const card = buildVCard(contactUid(account.name, contact), contact);
      return [`Add this contact to ${account.name}/${plan.book}:`, card.trimEnd()].join("\n");
    },
    async execute(args, ctx) {
      const contact = newContact(args);
      const account = pick(args.account);
      const uid = contactUid(account.name, contact);
      const data = buildVCard(uid, contact);
      ctx.signal.throwIfAborted();
      // the duplicate check runs again right before the write: the preview may be minutes old
      const saved = await createCard(
        services,
        account,
        { uid, data },
        (plan) => refuseDuplicate(plan, contact, account.name),
        ctx.signal,
      );
      const name = displayName(contact);
      const tool = "contacts_add";
      const primary = contact.email ?? contact.phone!;
      const handle = ctx.handles.mint("c", primary, { label: name, tool, trust: "trusted" });
      const email = contact.email
        ? ctx.handles.mint("a", contact.email, { label: name, tool, trust: "trusted" })
        : undefined;
      const phone = contact.phone
        ? ctx.handles.mint("p", contact.phone, { label: name, tool, trust: "trusted" })
        : undefined;
      const details = [
        ...(contact.email ? [`${contact.email} (${email})`] : []),
        ...(contact.phone ? [`${contact.phone} (${phone})`] : []),
      ].join(", ");
      const who = contact.name ? `${contact.name} — ${details}` : details;
      const where = `${account.name}/${saved.book}`;
      return ok(
        saved.existed ? `Already in ${where}: ${handle} ${who}.` : `Added ${handle}: ${who} to ${where}.`,
        {
          handle,
          uid,
          name,
          email: contact.email,
          phone: contact.phone,
          account: account.name,
          address_book: saved.book,
          url: saved.url,
          existed: saved.existed,
        },
      );
    },
  });
}
