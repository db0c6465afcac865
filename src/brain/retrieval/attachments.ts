/**
 * A file to be sent, named by what kind of document it is rather than where it lies (decision
 * 0048, model22): "email Kemal the June invoice", "send the Jacksons the brochure", "forward the
 * signed form pdf to Mrs Okafor". The sending verb starts a step (an imperative: at the start, after
 * punctuation, "and", "then", "please"), so "did they send the invoice" (a mail received) and "an
 * email comes in with invoice in the subject" (a rule) are not read as one. The thing sent is a
 * kind of document people keep as files; it is not followed by "email" or "page" (then it names
 * a mail or a page), no path is written (the file is then named by where it lies), and nothing
 * else makes the file (an export of the calendar, a screenshot, the page in a tab).
 */
const FILE_KIND =
  "(?:invoices?|timesheets?|setlists?|set\\s+lists?|photos?|pictures?|pics|scans?|forms?|minutes|reports?|cv|résumé|resume|contracts?|spreadsheets?|slides|deck|presentation|pdfs?|documents?|tickets?|receipts?|certificates?|brochures?|flyers?|posters?|chapters?|manuscripts?|templates?|mix|demo|drawings?|quotes?|estimates?|statements?|packs?)";
const SEND_A_FILE = new RegExp(
  "(?:^|[,.;:!?—–-]\\s*|\\b(?:and|then|please|just|also|now|you|pls)\\s+)(?:send|email|e-mail|mail|forward|attach)\\b" +
    `(?:\\s+(?!to\\b)[\\w'’-]+){0,5}?\\s+${FILE_KIND}\\b(?!\\s+(?:e?mail|email|skill|page|site|link))`,
  "i",
);
const WRITTEN_PATH = /[~/\\]|\b[\w-]+\.[a-z0-9]{2,4}\b/i;
const MADE_ELSEWHERE = /\b(?:export|calendar|diary|skill|screenshot|this\s+page|tab)\b/i;

/** Whether the request sends a file named by its kind (see above): the file is found first. */
export function sendsNamedFile(text: string): boolean {
  return SEND_A_FILE.test(text) && !WRITTEN_PATH.test(text) && !MADE_ELSEWHERE.test(text);
}
