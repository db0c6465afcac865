/**
 * A mail said as a form in one breath: "email mum, subject Sunday, say we'll be there at 1",
 * "mail to the landlord, subject broken shower, body …", "save a draft to tom@x.com subject
 * shoot, body are you free?". The field words ("subject", "body", "text", "say", "tell her")
 * split the sentence, whatever verb or punctuation surrounds them; the values are kept as typed
 * (quotes dropped), since a subject and a body are the person's own words.
 */

export interface MailForm {
  to?: string[];
  /** A file said as the thing sent ("send Documents/q-118.pdf to …, subject …"). */
  attachments?: string[];
  subject?: string;
  body?: string;
  /** Said to be kept, not sent ("draft", "just save it", "don't send it"). */
  draft: boolean;
  /** The body named by its field ("body", "text", "message"), not by a verb of saying. */
  bodyNamed: boolean;
}

/**
 * "subject" as a field: after a break (comma, colon), after "with [the]", or right after an
 * address or a "to" and one or two words (dictated with no commas); "the subject of my last email"
 * is no field (a value follows the field word).
 */
const SUBJECT =
  /(?:[,:;]|\bwith(?: the)?|\band(?: the)?|(?<=@[\w-]+(?:\.[\w-]+)+)|(?<=\bto\s+[\w.'-]+(?:\s+[\w.'-]+)?))\s*(?:the\s+)?subject(?:\s+line)?(?:\s*(?:[:=-]|is|as))?\s+(?!of\b)/i;

/** Where the body starts after the subject: its field word, or a verb of saying. */
const BODY =
  /(?:\s*[,.;:]\s*|\s+)(?:and\s+)?(?:body|text|message|saying|say|says|that says|tell (?:him|her|them)(?: that)?|ask (?:him|her|them)(?: if| whether)?)(?:\s*[:=-])?\s+/i;

/** A closing word that keeps it a draft: "please don't send it", "but just save it, …". */
const KEEP =
  /\s*[,.;]?\s*(?:(?:but|and)\s+)?(?:please\s+)?(?:(?:don't|do not|dont) send it(?: yet)?|(?:just )?save it(?: as a draft)?|keep it as a draft)\b.*$/i;

/**
 * A file said as a later field, after the body or the subject: "…, and attach ~/x.jpg",
 * "… attaching report.pdf", "… with notes.txt attached". Taken off the end, so the body stops
 * before it.
 */
const ATTACH =
  /\s*[,.;]?\s*(?:(?:and|plus)\s+)?(?:(?:attach|attaching|include|including|add)\s+(?:the\s+file\s+)?((?:~\/|\/|[\w.-]+\/)?[\w./-]*[\w-]\.[a-z0-9]{2,4})|with\s+((?:~\/|\/|[\w.-]+\/)?[\w./-]*[\w-]\.[a-z0-9]{2,4})\s+attached)\s*[.!]?\s*$/i;

const DRAFT = /\bdrafts?\b|\bsave (?:it|a draft|as a draft)\b|\b(?:don't|do not|dont) send\b/i;

/** Quotes and closing punctuation around a value said as typed. */
function clean(value: string): string {
  return value
    .trim()
    .replace(/^["'“‘]+|["'”’]+$/g, "")
    .replace(/[.!]+$/, "")
    .replace(/^["'“‘]+|["'”’]+$/g, "")
    .trim();
}

/** Whom the form is for, read from what comes before the subject. */
function recipientOf(before: string): string | undefined {
  const text = before.replace(/[\s,:;]+$/, "");
  // "… to maria@hotel.com", "mail to landlord", "email the quote to mr patel"
  const to = /\bto\s+((?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+)|[\w'.-]+(?:\s+[\w'.-]+){0,3})$/i.exec(text);
  if (to) return to[1];
  // "email mum", "send Mr Patel an email now": the person right after the verb
  const after =
    /^(?:(?:please|can you|could you|would you)\s+)*(?:e-?mail|mail|send|message)\s+(?!(?:a|an|the|my|this|that|it|to)\b)([\w.+@'-]+(?:\s+(?!(?:a|an|now|please)\b)[\w.'-]+){0,2})(?:\s+(?:a|an)\s+(?:e-?mail|mail|message|note))?(?:\s+(?:now|please))?$/i.exec(
      text,
    );
  return after?.[1];
}

/** The form's fields, or undefined when the sentence names no subject as a field. */
export function mailForm(text: string): MailForm | undefined {
  const said = text.trim();
  const subject = SUBJECT.exec(said);
  if (!subject) return undefined;
  const before = said.slice(0, subject.index);
  const whole = said.slice(subject.index + subject[0].length);
  const attached = ATTACH.exec(whole);
  const rest = attached ? whole.slice(0, attached.index) : whole;
  const body = BODY.exec(rest);
  // Said of the mail, not inside its words ("here is the draft" is what the body says)
  const draft = DRAFT.test(before) || KEEP.test(rest);
  const subjectText = clean((body ? rest.slice(0, body.index) : rest).replace(KEEP, ""));
  const bodyText = body ? clean(rest.slice(body.index + body[0].length).replace(KEEP, "")) : undefined;
  const bodyNamed = body !== null && /\b(?:body|text|message)\b/i.test(body[0]);
  if (!subjectText) return undefined;
  const to = recipientOf(before);
  const file =
    /^(?:(?:please|can you|could you)\s+)*(?:send|e-?mail|mail|attach)\s+((?:~\/|\/|[\w.-]+\/)?[\w./-]*[\w-]\.[a-z0-9]{2,4})\s+to\b/i.exec(
      before,
    );
  const files = [file?.[1], attached?.[1] ?? attached?.[2]].filter((f): f is string => f !== undefined);
  return {
    ...(to ? { to: [to] } : {}),
    ...(files.length > 0 ? { attachments: files } : {}),
    subject: subjectText,
    ...(bodyText ? { body: bodyText } : {}),
    draft,
    bodyNamed,
  };
}

/**
 * A form read whole ("draft to X, subject Y, body Z"): whom, what about and what it says come
 * from the field words, never from the template's slots (which end at the first field word a
 * slot type knows). A form that names no one is no complete mail.
 */
export function formMail(text: string): Record<string, unknown> | undefined {
  const form = mailForm(text);
  if (!form?.to) return undefined;
  const args: Record<string, unknown> = { to: form.to, subject: form.subject ?? "", body: form.body ?? "" };
  return form.attachments ? { ...args, attachments: form.attachments } : args;
}
