/**
 * A mail conversation named by its shape rather than as "the email" (nlu56): people call what
 * went back and forth a thread, a chain, an exchange, the back and forth, the correspondence,
 * and sum it up with any verb of shortening ("sum up that long thread with the builders",
 * "condense the whole back-and-forth", "give me the gist of that email chain"). Matched, never
 * taught: "thread" and "exchange" are said of other things (sewing, currency) without a verb of
 * summing in front of them.
 */

/** The verbs of shortening something read. */
const SUM = "(summarize|summarise|sum up|recap|condense|boil down|digest)";
/** The nouns of a conversation by mail, with the words people put before them. */
const CONVERSATION =
  "[that|the|this|our|my] [whole|long|entire|endless|email|mail|e-mail] (thread|back and forth|back-and-forth|exchange|email chain|mail chain|chain|correspondence|conversation)";
/** Whom or what it was with, and the politeness after it: words the summary does not need. */
const WITH = "[(with|from|about|on) {tail:text}]";

/**
 * Only a conversation named with its handle is summed up from these words: without one the tool
 * sums up today's inbox, which is not the thread the person named ("that long thread with the
 * builders" is asked about by the follow-up readers, or left). Tried acting on every form: the
 * development sets counted it right (they want no value), but it would read the wrong mail.
 */
export const THREAD_SUMMARY_SHAPES = [
  `[can you|could you|please|just] ${SUM} ${CONVERSATION} [for me] [please] [,] (it's|its|it is) {id}`,
  `[can you|could you|please|just] ${SUM} ${CONVERSATION} ${WITH} [,] (it's|its|it is) {id}`,
];
