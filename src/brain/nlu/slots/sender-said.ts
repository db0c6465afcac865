/**
 * Who a message came from, said as the one who wrote ("did the Hendersons email me back", "has
 * Emma Clarke emailed yet", "the landlord emailed about the boiler") or after "from" beside the
 * message's noun ("unread mails from hoang", "the emails from HR about …"): for an argument that
 * holds a sender. Kept as typed, without its article; a pronoun or "anyone" is nobody's name.
 */
const WROTE =
  "(?:e-?mailed|e-?mail|mailed|messaged|written|wrote|write|replied|reply|got back|gotten back|sent)";
const ASKED_WHO = new RegExp(
  String.raw`\b(?:did|has|have|had)\s+((?:[\p{L}'’.-]+\s+){0,3}?[\p{L}'’.-]+)\s+${WROTE}\b`,
  "iu",
);
const TOLD_WHO =
  /\b(?:the|my|our)\s+((?:[\p{L}'’.-]+\s+){0,2}?[\p{L}'’.-]+)\s+(?:e-?mailed|emailed|mailed|wrote|replied)\b/iu;
const FROM =
  /\b(?:e-?mails?|emials?|mails?|messages?|anything|something|news)\s+from\s+((?:[\p{L}'’.@-]+\s*){1,3})/iu;
/** Words that end a sender's name and start the rest of the request. */
const ENDS =
  /\s+(?:about|on|regarding|re|since|today|yesterday|this|last|that|which|in|with|to|for|and|or|yet|back|again|recently|lately|already|please|pls)\b.*$/i;
const NOBODY = /^(?:i|you|we|they|he|she|it|anyone|anybody|someone|somebody|everyone|nobody|me|u|ya)$/i;

export function senderSaid(text: string): string | undefined {
  for (const pattern of [ASKED_WHO, FROM, TOLD_WHO]) {
    const found = pattern.exec(text);
    if (!found) continue;
    const who = found[1]!
      .replace(ENDS, "")
      .replace(/^(?:the|my|our)\s+/i, "")
      .replace(/[,.;:!?]+$/, "")
      .trim();
    if (who && !NOBODY.test(who) && who.split(/\s+/).length <= 3) return who;
  }
  return undefined;
}

/** Only messages not read yet, said as unread or as not opened ("that I haven't opened yet"). */
export function unreadSaid(text: string): boolean | undefined {
  if (
    /\bunread\b|\bnot (?:been )?(?:read|opened)\b|\b(?:haven'?t|have not|didn'?t|did not)\s+(?:read|opened|open|looked at)\b/i.test(
      text,
    )
  )
    return true;
  return undefined;
}
