import type { GroupCues } from "../../core/language.js";
import { MAIL_ADDRESS } from "../cue-shapes.js";

/** A mail address; someone writing to the user. */
export const MAIL_CUES: GroupCues = {
  shapes: [
    { pattern: MAIL_ADDRESS, weight: 2 },
    // Word sent to someone named ("let Ana know"): a message to a person looked up first
    { pattern: /\blet (?:[A-Z][a-z]+|him|her|them) know\b/, weight: 1.5 },
    {
      pattern: /\b(?:write|wrote|written|writing) (?:back )?(?:to )?(?:me|us)\b|\bheard? (?:back )?from\b/i,
      weight: 2,
    },
    // Word written *to a person* (a pronoun or a name after "write to", "drop … a line"), not
    // to a file or a note: a message, to someone looked up first
    {
      pattern:
        /\b(?:write|writing|drop|send)\s+(?:a\s+(?:quick\s+)?(?:line|note)\s+)?to\s+(?:him|her|them|[A-Z][a-z]+)\b(?!\s*[/.~])/,
      weight: 1.5,
    },
    // Someone known only by what they are ("the paper mill man", "the plumber", a name) wrote
    // about something: their message is read first to find what they wrote
    {
      pattern:
        /\b(?:he|she|they|[A-Z][a-z]+|(?:[Tt]he|[Mm]y|[Oo]ur)\s+(?:[\w-]+\s+){0,2}(?:man|woman|guy|lady|bloke|people|folks|company|firm|office|team|landlord|plumber|builder|supplier|school|council))\s+(?:wrote|emailed|messaged|got in touch)\s+(?:about|to say|saying|re|regarding|back about)\b/,
      weight: 1.5,
    },
    // What someone said, suggested or sent is read in their message ("check what he suggested")
    {
      pattern:
        /\b(?:what|the \w+) (?:he|she|they|[A-Z][a-z]+) (?:suggested|proposed|mentioned|said|asked for|sent|wrote|attached|shared)\b/,
      weight: 1.5,
    },
    // Something a third party sent (or did send) is in the inbox ("the school sent something",
    // "did the courier send a link"); what the user sends is not
    {
      pattern:
        /\b(?:(?:the|my|our) [a-z]+|[A-Z][a-z]+|he|she|they) sent\b(?! (?:to|it to|them to)\b)|\b[Dd]id (?:the|my|our) [a-z]+ (?:send|email)\b/,
      weight: 1.5,
    },
    // A thing named as found in someone's message ("the brief from her email", "the dates in
    // his mail", "the link in their message"): read there first
    {
      pattern:
        /\b(?:from|in|on) (?:his|her|their|the|that|[A-Z][a-z]+'s) (?:last |latest |recent )?(?:e-?mails?|mails?|messages?)\b/i,
      weight: 2,
    },
    // Asked whether someone named by title or name sent it ("did Mrs Patel send …", "did Dr
    // Okafor reply"): the inbox answers
    {
      pattern:
        /\b[Dd]id (?:(?:Mrs|Mr|Ms|Miss|Dr|Prof)\.? )?[A-Z][a-z]+ (?:send|email|e-mail|mail|reply|write)\b/,
      weight: 1.5,
    },
    // What a company sends after a purchase or a booking, named by the company ("the
    // Booking.com confirmation", "the Ryanair itinerary", "my Amazon receipt"): in the inbox
    {
      pattern:
        /\b(?:the|my|our|that)\s+(?:[A-Z][\w&'-]*(?:\.(?:com|co\.uk|co|io|net|org))?\s+){1,2}(?:confirmation|receipt|itinerary|e-?tickets?|booking reference|order number|invoice)\b/,
      weight: 2,
    },
    // A mailbox's own folders by name ("in my Archive folder", "in Spam", "the Sent folder")
    {
      pattern:
        /\b(?:my|the|in)\s+(?:Archive|Archived|Sent|Drafts|Spam|Junk|Promotions|Outbox|All Mail)\s+(?:folder|box)\b|\bin\s+(?:my\s+)?(?:spam|junk)\b/,
      weight: 2,
    },
  ],
  words: {
    thread: ["mail"],
    email: ["mail"],
    emails: ["mail"],
    emailed: ["mail"],
    "e-mail": ["mail"],
    inbox: ["mail"],
    unread: ["mail"],
    newsletter: ["mail"],
    sender: ["mail"],
    forward: ["mail", "send"],
    reply: ["mail"],
    attachment: ["mail", "file"],
    // What companies send by mail: a confirmation of something booked or changed
    confirmation: ["email", "search"],
    confirm: ["email", "search"],
    // What arrived, and the bills and statements companies send
    "came in": ["email", "search"],
    "came through": ["email", "search"],
    bills: ["email", "search"],
    statement: ["email", "search"],
    statements: ["email", "search"],
  },
};
