import type { ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { createWebTools } from "./tools.js";

export { AllowList, allowEntryProblem, parseAllowEntry } from "../../config/allowlist.js";
export { blockedReason, parseIp } from "../../core/ip.js";
export { decodeText, detectCharset } from "./charset.js";
export {
  createWebDocumentReader,
  type WebDocument,
  type WebDocumentOptions,
  type WebDocumentReader,
} from "./document.js";
export { linkMinter, pageContent } from "./fetch-page.js";
export {
  type CheckedTarget,
  checkDestination,
  checkUrl,
  checkUrlShape,
  type GuardOptions,
  type LookupFn,
  portOf,
  systemLookup,
} from "./guard.js";
export { type SafeFetchOptions, type SafeFetchResult, safeFetch, trustStore, USER_AGENT } from "./http.js";
export { createSearchProvider } from "./search/index.js";
export { createWebTools, type WebToolOptions } from "./tools.js";
export { coerceUrl, duplicateNote, normalizeUrl, OpenedUrls } from "./url.js";
// Not re-exported here because they load heavy libraries at import time and this module is on
// the path of every `jarvis` start: `./readable.js` (htmlToMarkdown: linkedom, readability,
// turndown), `./pdf.js` (unpdf), `./search/html.js` (linkedom). Import them directly.

/** The `web` tool group: web_search, web_fetch, youtube_transcript. */
export function webTools(deps: ToolDeps): ToolDefinition[] {
  return createWebTools(deps);
}
