import type { RiskTier } from "../../core/tool.js";
import type { RefInfo } from "./snapshot.js";

/** Buttons and links whose name says money moves. */
const SPENDING =
  /\b(buy|purchase|pay|payment|checkout|check out|place (your )?order|order now|complete order|subscribe|donate|add to (cart|basket|bag)|book now|rent now|upgrade|confirm (order|payment|purchase|booking))\b/i;
/** Names that say something is sent, published, deleted or an account is created. */
const SENDING =
  /\b(submit|send|post|publish|tweet|reply|delete|remove account|transfer|sign up|register|unsubscribe)\b/i;

/** Why an element counts as a purchase or a send, or undefined. */
export function sensitiveElement(info: RefInfo | undefined): string | undefined {
  if (!info?.name) return undefined;
  if (SPENDING.test(info.name)) return `"${info.name}" looks like a purchase`;
  if (SENDING.test(info.name)) return `"${info.name}" looks like sending or submitting`;
  return undefined;
}

/**
 * Tier of an element action: form submits, downloads, purchases and sends are dangerous (the
 * user is asked); other clicks and typing are caution. Attached to the user's own browser
 * (logged-in sessions), every action is dangerous.
 */
export function actionTier(
  options: { submit?: boolean; download?: boolean },
  info: RefInfo | undefined,
  attached: boolean,
): RiskTier {
  if (attached || options.submit || options.download || sensitiveElement(info)) return "dangerous";
  return "caution";
}
