import {
  type Args,
  type BuildInput,
  capitalize,
  type GuessInput,
  isWhen,
  subjectFrom,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { formMail, mailForm } from "./form.js";
import { SAMPLES } from "./samples.js";
import { THREAD_SUMMARY_SHAPES } from "./thread-words.js";

/** How people ask for their mail (the team's own sentences). */
/** The mail folders people name ("my Sent folder"); any other folder is a place on disk. */
const MAIL_FOLDERS = /^(?:sent|drafts?|archive|spam|junk|trash|outbox|inbox)$/i;

function mailQuery(input: BuildInput): Args | undefined {
  if (typeof input.values.mailbox === "string" && !MAIL_FOLDERS.test(input.values.mailbox)) return undefined;
  const args: Args = { ...input.fixed };
  const { from, since, query, unread, subject, account, mailbox } = input.values;
  // "did the council ever …": an adverb after the sender is no part of the name
  if (typeof from === "string")
    args.from = from.replace(/^(?:my|the)\s+/i, "").replace(/\s+(?:ever|even|still)$/i, "");
  if (typeof subject === "string") args.subject = subject;
  if (typeof account === "string") args.account = account;
  if (typeof mailbox === "string") args.mailbox = capitalize(mailbox);
  if (isWhen(since)) args.since = since.iso;
  if (typeof query === "string") args.query = query;
  if (unread === true) args.unread = true;
  return args;
}

/** Words after "from" that say when, not who ("from last week", "from monday"). */
const NOT_A_SENDER =
  /^(?:today|yesterday|tonight|this|last|next|earlier|before|after|since|a|an|\d.*|(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december|me|you|anyone|anybody|someone|work|home)$/i;

const SENDER =
  /\bfrom\s+(?:the\s+|my\s+)?([A-Z][\w&'.-]*(?:\s+(?:[A-Z][\w&'.-]*|&))*|[\w.+-]+@[\w.-]+|[a-z][\w'-]*(?:\s+(?!(?:about|regarding|re|on|in|at|for|with|from|today|yesterday|tonight|this|last|since|that|and|or|to|asking|saying|please|recently|lately)\b)[a-z][\w'-]*){0,2})/;

/**
 * Who a mail came from, as said in a guessed search: "from Brewster Supplies" (the capitalised
 * words), "from the letting agent" (a few words up to a preposition), never a time ("from last week").
 */
function senderOf(text: string): string | undefined {
  const m = SENDER.exec(text);
  const name = m?.[1]?.replace(/'s$/, "");
  return name && !NOT_A_SENDER.test(name.split(/\s+/)[0]!) ? name : undefined;
}

/** "… but don't send it": the user wants a draft, whatever verb they used. */
const NOT_SENT =
  /\b(?:don't|do not|dont|not|never) (?:send|mail|email) (?:it|this|that|yet)\b|\b(?:just|only) (?:a )?draft\b|\b(?:just )?save it\b|\bkeep it as a draft\b/;

/** Words for a message's people, not a person: "everyone", "all of them". */
const NO_ONE_NAMED = /^(?:every(?:one|body)|all(?: of them)?|them|those|the others|the group|the team)$/i;

function mailSend(input: BuildInput): Args | undefined {
  const { to, body, subject } = input.values;
  if (!Array.isArray(to)) return undefined;
  // "reply to everyone that …": a word for whoever was on a message names no address; which
  // message's people is the reply's question, not a send's
  if (to.some((who) => typeof who === "string" && NO_ONE_NAMED.test(who))) return undefined;
  // "email John" with nothing to say: an empty draft to John, never a send
  if (input.fixed.empty === true) return { to, subject: "", body: "" };
  // Said as a form ("…, subject X, say Y"): the fields split the sentence, the values as typed
  const form = mailForm(input.env.text);
  const text = typeof body === "string" ? body : undefined;
  // …the body said before the subject ("… that the heating is broken, subject heating") is the
  // template's, up to where the subject's field starts
  const before = text?.split(/\s*[,;:]?\s*(?:with )?(?:the )?subject\b/i)[0]?.trim();
  // A file the form names to attach goes with it ("…, attach ~/x.jpg"), never into the body
  const files = form?.attachments ? { attachments: form.attachments } : {};
  if (form?.subject)
    return { to: form.to ?? to, subject: form.subject, body: form.body ?? before ?? "", ...files };
  const topic = typeof subject === "string" ? capitalize(subject) : undefined;
  if (!text && !topic) return undefined;
  return { to, subject: topic ?? subjectFrom(text ?? ""), body: text ?? "" };
}

const MAIL = "(email|emails|mail|mails|messages|message|inbox)";
const UNREAD = "[{unread}]";
const FROM = "[from {from}]";
const SINCE = "[{since}]";
const SEND = "(send|write|compose|shoot|fire off)";
const SAYING =
  "(saying|that says|to say|telling them|telling him|telling her|with the message|that|asking|and ask [him|her|them]|and tell [him|her|them]|and say)";

/**
 * Something sent to someone (for tool retrieval): "mail report.pdf to Carla", "send the notes
 * file to Bob", "forward it to my boss". A text message or a reminder to oneself is not mail.
 */
const SENT_TO =
  /\b(?:e-?mail|mail|send|forward|share)\b(?! (?:a |an )?(?:text|sms|message on|reminder|invite))\s+(?:it|this|that|them|these|those|(?:the|my|a|an|our) [\w.-]+(?: [\w.-]+)?|[\w-]+\.\w{2,4})\b.*\bto (?!(?:the|my) (?:list|calendar|clipboard|printer|trash|folder)\b)(?:me|myself|him|her|them|my \w+|[\w.+-]+@[\w.-]+|[a-z]+)\b/i;

/**
 * "send a message to dispatch saying …": a message that names no mail (no email, subject or
 * address) is a text as much as an email; which one is left to the readings that weigh both.
 */
function unnamedMedium(input: BuildInput): boolean {
  const text = input.env.text.toLowerCase();
  return /\bmessage\b/.test(text) && !/\b(?:e-?mails?|mail|inbox|subject)\b|@/.test(text);
}

/** Who a guessed email goes to and what it says: "email sam saying …", "write to priya about …". */
function guessedMail(input: GuessInput): Args | undefined {
  const said = input.words.join(" ");
  const m =
    /\b(?:to|e ?mail|mail|reply to|respond to|write to|message)\s+(?!(?:me|my|the|a|an|all|him|her|them|it|this|that|someone|everyone|for|about|to|saying|says|with|and|back|asking|telling)\b)([a-z]+)(?:\s+(.+))?$/.exec(
      said,
    );
  // "reply to karen's email" names whose message, not whom to write to
  if (!m || m[2]?.startsWith("'s")) return undefined;
  // A form's fields say who and what in the person's own words ("email mum, subject …, say …"):
  // they only correct the values of a guess, never make one where the words above found none
  const whole = formMail(input.env.text);
  if (whole) return whole;
  const body = (m[2] ?? "").replace(/^(?:saying|that|about|and say|and tell (?:him|her|them))\s+/, "").trim();
  return { to: [m[1]!], subject: body ? subjectFrom(body) : "", body };
}

const MAIL_INTENTS: IntentTable = {
  mail_search: {
    refersTo: () => ({ it: "the email", one: "email" }),
    capability: { area: "Mail", can: "search, read and write email", example: "check my email" },
    lookup: { nouns: /\b(?:e ?mails?|inbox|mailbox|emailed)\b/, rank: 7 },
    describe: ({ from, unread }) =>
      `Check your ${unread === true ? "unread " : ""}mail${typeof from === "string" ? ` from ${from}` : ""}`,
    // "and from sam?" after a search
    followUp: ({ last, words, rest }) =>
      words[0] === "from" && words.length > 1 && rest
        ? { tool: last.tool, args: { ...last.args, from: rest.replace(/^from\s+/i, "") } }
        : undefined,
    loose: /\b(?:messages?|sent|send|wrote|written|received|repl\w*|forward\w*)\b/,
    // Sending is vetoed when asked for, not when asked about ("did mike send me an email")
    vetoes:
      /^(?:(?:can|could|would|will) you |please |i want to |i need to )*(?:send|write|compose|reply|respond|forward|answer|email|mail)\b|\b(?:to send|add|delete|archive|contacts?)\b|\b(?:report|flag|mark|move)\b.*\b(?:spam|junk|phishing)\b/,
    anchors: /\b(?:e ?mails?|g ?mail|mail|inbox|emailed|mailbox|replies|replied|attachments?)\b/,
    templates: [
      `(check|read|open|show|get|view|display|fetch) [me] [my|the] [latest|recent|new|last] ${MAIL}`,
      `(do i have|have i got|did i get|did i receive|are there|is there|have i received) any ${UNREAD} ${MAIL} ${FROM} ${SINCE}`,
      `(do i have|have i got) ${UNREAD} ${MAIL} ${FROM} ${SINCE}`,
      `any ${UNREAD} ${MAIL} (from {from}) ${SINCE}`,
      `(show|find|get|list|read) [me] [all] [the|my] ${UNREAD} ${MAIL} (from {from}) ${SINCE}`,
      `(show|find|get|list|read) [me] [all] [the|my] ${UNREAD} ${MAIL} [in my inbox] ${SINCE}`,
      `(did|has) {from} (email|emailed|mail|mailed|write|written|message|messaged|reply|replied) [to] [me] ${SINCE}`,
      `(find|search for|look for|show|get) [me] [my|the|any] ${MAIL} (about|regarding|on|mentioning|with the subject|titled) {query}`,
      `search [my|the] ${MAIL} for {query}`,
      `(find|get|show me|dig out) the (email|mail|message) from {from:title} (about|regarding|on) {query}`,
      `${MAIL} with {subject:text} in the subject [line]`,
      `(check|look in|search) my {account:label} (account|inbox|mailbox) for ${UNREAD} (messages|emails|mail)`,
      `(look in|search|check) my {mailbox:label} (folder|mailbox) for {query}`,
      `how many ${UNREAD} ${MAIL} (do i have|are there|have i got)`,
      "(what is|anything) new in my inbox",
      { t: `new ${MAIL} [please]`, args: { unread: true } },
      `(what are|show me|read me) my (newest|latest|new|recent) ${MAIL}`,
      `who (emailed|mailed|wrote to|messaged) me ${SINCE}`,
    ],
    // "look through my drafts mail for the invoice": a mail folder's name before the mail itself
    // (mailQuery keeps only mail folders). Taught, any word before "mail" would lean here
    shapes: [
      `(search|check|look in|look through|go through) [my|the] {mailbox:label} ${MAIL} (for|about) {query}`,
      `(find|search for|look for) {query} in [my|the] {mailbox:label} ${MAIL}`,
      // "did the nursery send anything this week?", "anything new from the council?": asked
      // after what someone sent, with no word for mail
      `(did|has) {from:title} (send|sent) [me|us] (anything|something|any mail|any email|any emails|any messages) ${SINCE}`,
      `(did|has) anything (come|arrived|come in) from {from:title} ${SINCE}`,
      `[is there|have i got|got] anything new from {from:title} ${SINCE}`,
      // Asked by what the person got, still with no word for mail ("did I get anything from the
      // council", "have I had anything from the school this week", "have I heard back from Ana")
      `(did|have|has) i (get|got|gotten|receive|received|had|have) (anything|something|any word|word) [back] from {from:title} ${SINCE}`,
      `(did|have|has) i (get|got|gotten|receive|received|had|have) (anything|something|any word|word) [back] from {from:title} (about|on|regarding) {query}`,
      `(have|did) i (heard|hear) (back|anything|anything back) from {from:title} ${SINCE}`,
      `(have|did) i (heard|hear) (back|anything|anything back) from {from:title} (about|on|regarding) {query}`,
      // "anything from the school about the trip?": who sent it and what about, still no word
      // for mail
      "[is there|have i got|got] anything [new] from {from:title} (about|on|regarding) {query}",
      // …asked for with its verb ("find the email with the quote in the subject")
      `(find|show|get|search for|look for|dig out|pull up) [me] [the|my|an|any|all] ${MAIL} with [the word|the words] {subject:text} in the subject [line]`,
      // The subject said as a field ("search mail subject council tax")
      `(search|check|look through|find) [my|the] ${MAIL} [for] [with] [the] subject [line] {subject:text}`,
      // Asked after an answer awaited ("did Kessler reply yet", "has the landlord got back to me")
      `(did|has|have) {from:title} (reply|replied|write back|written back|get back to me|got back to me|gotten back to me|answer|answered|respond|responded) [to me|to my email|to my mail] [yet|already|at all|so far] ${SINCE}`,
      // …and what about ("did the council ever email me back about the permit")
      `(did|has|have) {from:title} [ever] (reply|replied|answer|answered|respond|responded|email me back|emailed me back|write back|written back|get back to me|got back to me) [to me|to my email|to my mail] (about|regarding|on) {query} [yet]`,
      `did (anyone|anybody) (answer|reply to|respond to) my (email|mail|message) (about|regarding|on) {query} [yet]`,
      // An account searched for what someone sent or what a mail mentions ("check the work
      // account for anything from HR")
      `(check|look in|search|look through|go through) (my|the) {account:label} (account|inbox|mailbox|email|mail) for (anything|something|mail|emails|messages|any mail|any emails|any messages) from {from:title} ${SINCE}`,
      `(check|look in|search|look through|go through) (my|the) {account:label} (account|inbox|mailbox|email|mail) for (anything|something|mail|emails|messages|any mail|any emails|any messages) (mentioning|about|regarding|that mentions|to do with) {query}`,
      // "pull up the latest thread with the builders": a conversation named by its other side
      // (one email opened is read, not searched for: "open the last email from …" stays a read)
      "(pull up|bring up|show [me]|find [me]|get [me]) the (latest|last|newest|most recent) (thread|conversation|exchange|emails) (with|from) {from:title}",
    ],
    samples: ["any new mail", "check inbox", "did anyone write to me", "latest emails please"],
    build: mailQuery,
    fallback: (input) => {
      const args: Args = {};
      if (input.words.includes("unread") || input.words.includes("new")) args.unread = true;
      const from = senderOf(input.env.text);
      if (from) args.from = from;
      return args;
    },
  },
  mail_send: {
    cues: SENT_TO,
    ask: { to: "Who should it go to?", subject: "What's the subject?", body: "What should it say?" },
    describe: ({ to, subject }) =>
      Array.isArray(to)
        ? `Send an email to ${to.join(", ")}${subject ? ` about ${String(subject)}` : ""}`
        : undefined,
    templates: [
      `${SEND} [an|a] (email|mail|message|note) to {to} ${SAYING} {body}`,
      `${SEND} {to} an (email|mail|message) ${SAYING} {body}`,
      `(email|mail) {to} ${SAYING} {body}`,
      `${SEND} [an|a] (email|mail) to {to} (about|regarding) {subject} ${SAYING} {body}`,
      `(email|mail) {to} (about|regarding) {subject} ${SAYING} {body}`,
      `(reply to|answer) {to} ${SAYING} {body}`,
      `${SEND} [an|a] (email|mail) to {to} [and] {body}`,
      // The parts named as a form: "…, subject Sunday, body: lunch at one"
      `${SEND} {to} [an|a] (email|mail) [with] [the] subject {subject} (body|saying|that says|text) {body}`,
      `${SEND} [an|a] (email|mail) to {to} [with] [the] subject {subject} (body|saying|that says|text) {body}`,
    ],
    // Dictated with no punctuation, the verb being "email": "email sam subject dinner saying see
    // you at eight". Matched, never taught: the form's words are taught by the templates above
    shapes: ["(email|mail|e mail) {to} [with] [the] subject {subject} (body|saying|that says|text) {body}"],
    samples: ["send an email", "compose an email", "write a mail to my friend", "send a message by email"],
    anchors: /\b(?:e ?mail|mail|send|message|write to)\b/,
    // "email sam": who is said, what to say is asked (nothing is sent before the answers)
    asks: [
      "(send|write|compose) [an|a] [new] (email|mail|e mail|message) (to|for) {to} [now|please]",
      "(email|mail) {to} [now|please]",
      "(i need|i want|i would like) to (email|mail|write to|send an email to|write an email to) {to}",
      "(send|write) {to} (a|an) [quick|short] (email|mail|message|note) [now|please]",
      "(send|write|compose) [an|a] [new] (email|mail|e mail)",
    ],
    build: (input) =>
      NOT_SENT.test(`${input.values.body ?? ""} ${input.values.subject ?? ""}`) || unnamedMedium(input)
        ? undefined
        : mailSend(input),
  },
  mail_draft: {
    ask: { to: "Who should it go to?", subject: "What's the subject?", body: "What should it say?" },
    describe: ({ to }) => (Array.isArray(to) ? `Start an email to ${to.join(", ")}` : undefined),
    templates: [
      "(draft|prepare) [an|a] (email|mail|message) to {to} (about|regarding|on) {subject}",
      `(draft|prepare) [an|a] (email|mail|message) to {to} ${SAYING} {body}`,
      `(write|start) a draft (to|for) {to} (about|regarding) {subject}`,
      {
        t: "(start|draft|create|prepare) [an|a] [new] (email|mail|e mail) (to|for) {to} [now|please]",
        args: { empty: true },
      },
      {
        t: "(write|compose|draft|prepare|start) [an|a] (email|mail|message) to {to} [but] (don't|do not|dont) send it [yet]",
        args: { empty: true },
      },
    ],
    samples: ["draft an email", "start a draft", "prepare an email but don't send it"],
    build: mailSend,
    // Only ever a draft from a guess: nothing leaves until the user sends it
    anchors: /\b(?:e ?mail|mail|reply|respond)\b/,
    vetoes:
      /^(?!(?:send|compose|write|reply|respond|forward)\b(?! me\b)).*\b(?:did|has|have i|any|check|read|inbox|search|find|contacts?|address|id)\b/,
    fallback: guessedMail,
  },
  // A mail said as a form with its verb before whom it is for ("mail to the landlord, subject
  // …, body …", "send Mr Patel an email now, subject …"): read by the form's field words.
  // Matched, never taught (the field words would lean every "subject" to a send)
  mail_send_form: {
    tool: "mail_send",
    shapes: [
      "(mail|email|e mail|write|send [an|a] (email|mail)) to {who:text} subject {what:text}",
      "(send|email|mail) {who:text} [an|a] (email|mail) [now] subject {what:text}",
      "(email|mail|e mail) {who:text} [with] [the] subject {what:text}",
      // The thing sent before whom it goes to ("email the quote to …", "send q-118.pdf to …")
      "(send|email|mail) {thing:text} to {who:text} subject {what:text}",
    ],
    build: (input) => {
      // A send acts on a form whose body is named as a field ("body …", "text …"); one whose
      // body follows a verb of saying ("…, subject X, say Y") is run together and stays a
      // question (the rescue guard's send in one breath)
      if (!mailForm(input.env.text)?.bodyNamed) return undefined;
      const args = NOT_SENT.test(input.env.text) ? undefined : formMail(input.env.text);
      // "send the photos to dad, subject …": a thing sent that is no file named cannot be
      // attached, so the mail is not sent on this reading (a guess may still ask)
      const thing = typeof input.values.thing === "string" || /\bto\b/i.test(String(input.values.who ?? ""));
      return thing && !args?.attachments ? undefined : args;
    },
  },
  // …kept as a draft ("draft to X, subject …", "save a draft to X subject …", "just draft,
  // don't send: to X, subject …", "write a draft to …, subject …, body …. Don't send it.")
  mail_draft_form: {
    tool: "mail_draft",
    shapes: [
      "[just] (draft|save a draft|write a draft|start a draft|make a draft) [one|it|an email|a mail|a message] (to|for) {who:text} subject {what:text}",
      "[just] draft [,] (don't|do not|dont) send [it] [:] to {who:text} subject {what:text}",
      "(write|compose) (an|a) (email|mail) to {who:text} subject {what:text}",
    ],
    build: (input) =>
      NOT_SENT.test(input.env.text) || /\bdraft\b/i.test(input.env.text)
        ? formMail(input.env.text)
        : undefined,
  },
  // A send the classifier guessed is put to the user as the send itself, never acted on (it has
  // no anchors, so only a very sure reading finds it, and as a loose reading it is at most the
  // middle band): the question is the confirmation. A draft is acted on only when one was asked for
  mail_send_guessed: { tool: "mail_send", fallback: guessedMail },
};

const WHICH_MESSAGE =
  'Which message? Ask me to show them first, then say which one (for example "the second one").';

const MAIL_READ_INTENTS: IntentTable = {
  mail_read: {
    refersTo: () => ({ it: "the email" }),
    handles: [{ kind: "m", verbs: ["open", "read"], arg: "id" }],
    accepts: { id: ["m"] },
    ask: { id: WHICH_MESSAGE },
    describe: () => "Read that message",
    templates: [
      "(read|open|show) [me] [the] (email|mail|message) {id}",
      "(read|open) {id}",
      { t: "(read|show) [me] the (whole|full) (thread|conversation) [of] {id}", args: { thread: true } },
    ],
    samples: ["read me that email", "open the message", "what does that email say"],
  },
  mail_reply: {
    accepts: { id: ["m"] },
    ask: { id: WHICH_MESSAGE, body: "What should the reply say?" },
    anchors: /\b(?:reply|respond|answer|write back)\b/,
    describe: ({ body }) => (typeof body === "string" ? `Draft a reply saying "${body}"` : "Draft a reply"),
    templates: [
      "(reply|respond|answer) to {id} (saying|with|that) {body}",
      { t: "(reply|respond) to (all|everyone) on {id} (saying|with|that) {body}", args: { reply_all: true } },
      "(write|draft) a reply to {id} (saying|that says) {body}",
    ],
    asks: [
      "(reply|respond|answer|write back) [to] [the|that|this|her|his|their|an] (email|mail|message)",
      "(reply|respond) to {tail:text} (email|mail|message)",
      "(reply|respond) to [the] {tail:text} (email|mail|message) (and|to) (tell|say|let) [him|her|them|know] [that] {body}",
    ],
    // "reply saying we'll be there": what to say, not which message. Taught, "saying" would
    // lean every message to a reply
    askShapes: [
      "(reply|respond|write back|answer) (saying|with|that says|to say) {body}",
      // The message pointed at ("reply to it: …", "answer him that …"): what to say is kept,
      // which message is asked (a read one gives its handle)
      "(reply|respond|write back|answer) [to] (it|him|her|them|that one|this one) (saying|with|that says|to say|that) {body}",
      "(reply|respond|write back|answer) (to it|to him|to her|to them) {body}",
      // The message named by its sender and place in the inbox ("reply to the last mail from
      // Clara saying …"): what to say is kept, which message is asked (a search finds it)
      "(reply|respond|write back|answer) to the (last|latest|newest|most recent) (mail|email|message) from {tail:text} (saying|with|that says|to say) {body}",
      // …and with nothing to say yet: which message is asked first, the words after
      "[please|can you|could you] (reply|respond|write back|answer) to the [last|latest|newest|most recent] (mail|email|e-mail|message) (from|by) {tail:text}",
      // "reply all: thanks, it ships Thursday": to everyone on it, the words after the colon
      { t: "(reply|respond) [to] (all|everyone) {body}", args: { reply_all: true } },
    ],
    samples: [
      "answer that email",
      "write back to her",
      "reply to the last message",
      "draft a response",
      "respond to the newest email saying sounds good",
      "reply to that mail with a quick thank you",
      "write a reply to the latest message",
      "answer the most recent email and say yes",
    ],
  },
  mail_summarize: {
    accepts: { id: ["m"] },
    handles: [{ kind: "m", verbs: ["summarize"], arg: "id" }],
    describe: ({ id }) => (typeof id === "string" ? "Summarize that conversation" : "Summarize today's mail"),
    templates: [
      "(summarize|summarise|sum up|recap|digest) [my|the|today's|todays] (inbox|emails|mail|messages) [from today|for today|today]",
      "(summarize|summarise|sum up|recap) {id}",
      "(give me|what is) [a|the] (summary|rundown|recap|gist) of [my|today's|todays] (inbox|emails|mail)",
      "what (came in|arrived) in my (inbox|mail) today",
      "(summarize|summarise|sum up|recap) the [email|mail] (thread|conversation|emails|exchange) (with|from) {tail:text}",
      "[give me|gimme] [a] [quick] (rundown|summary|recap) of what (came in|arrived) today",
    ],
    // "what came in this morning?": what arrived, with no word for mail. Not taught: "came in"
    // is said of parcels and people too
    shapes: [
      "what (came|has come|has just come) in [today|this morning|overnight|since yesterday|so far today] [short version|in short|briefly|quickly]",
      // Said short ("whats come in today") and with the summary asked for after it
      "(what|whats) [is|has] [just] (come|came|arrived|landed) [in] [in my inbox] (today|this morning|overnight|since yesterday|so far today) [,] [just] [(give|tell) me] [the|a] [quick|short] (summary|gist|rundown|short version|highlights) [please]",
      "(what|whats) [is|has] [just] (come|landed|arrived) in [my inbox] (today|this morning|overnight|so far today)",
      // One account's mail summed up ("today's inbox on the Shop account"), or a number of messages
      "(summarize|summarise|sum up|recap) [my|the] [today's|todays] (inbox|emails|mail|messages) (on|in|from|for) [my|the] {account:label} (account|inbox|mailbox) [today|from today]",
      "(give me|what is) [a|the] (summary|rundown|recap|gist) of [my|the] [today's|todays] (inbox|emails|mail|messages) (on|in|from|for) [my|the] {account:label} (account|inbox|mailbox) [today]",
      "(give me|what is) [a|the] (summary|rundown|recap|gist) of [my|the] [today's|todays] (inbox|emails|mail|messages) [,] (max|maximum|at most|no more than|up to) {limit:number} (messages|emails|mails)",
      ...THREAD_SUMMARY_SHAPES,
    ],
    samples: ["give me the highlights of my email", "summary of today's mail", "what did today's emails say"],
  },
};

export const MAIL_LANGUAGE = withPhrasings(byTool(MAIL_INTENTS, MAIL_READ_INTENTS), SAMPLES);
