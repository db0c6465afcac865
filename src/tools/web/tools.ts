import { z } from "zod";
import { AllowList } from "../../config/allowlist.js";
import { expandTilde } from "../../config/paths.js";
import { toJarvisError } from "../../core/errors.js";
import { parametersFrom, urlString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolContext, type ToolDefinition } from "../../core/tool.js";
import { findProgram } from "../../platform/programs.js";
import type { ToolDeps } from "../deps.js";
import { pageContent } from "./fetch-page.js";
import { type GuardOptions, type LookupFn, systemLookup } from "./guard.js";
import { safeFetch, trustStore } from "./http.js";
import { createSearchProvider } from "./search/index.js";
import { coerceUrl, duplicateNote, OpenedUrls } from "./url.js";
import { formatTranscript } from "./youtube/captions.js";
import { execRunner, fetchTranscript, type ProgramRunner, youtubeWatchUrl } from "./youtube/ytdlp.js";

export interface WebToolOptions {
  /** DNS for the SSRF guard (tests make names resolve to private addresses). */
  lookup?: LookupFn;
  /** How yt-dlp is run (tests replay its output). */
  runner?: ProgramRunner;
  /** Path to yt-dlp; null means "not installed". Default: found on PATH. */
  ytDlp?: string | null;
}

const MAX_SNIPPET = 300;

function session(ctx: ToolContext): string {
  return ctx.sessionId ?? ctx.runId;
}

function failed(error: unknown): ReturnType<typeof fail> {
  const failure = toJarvisError(error, "TOOL_FAILED");
  return fail(failure.code, failure.fix ? `${failure.message} (${failure.fix})` : failure.message);
}

/** web_search, web_fetch and youtube_transcript; every outward request passes the SSRF guard. */
export function createWebTools(deps: ToolDeps, options: WebToolOptions = {}): ToolDefinition[] {
  const web = deps.config.web;
  const guard: GuardOptions = {
    allow: new AllowList(web.allow_private),
    lookup: options.lookup ?? systemLookup,
  };
  const timeoutMs = web.timeout_s * 1000;
  const opened = new OpenedUrls();
  const ca = trustStore(web.ca_file && expandTilde(web.ca_file, deps.env.HOME));
  const provider = createSearchProvider(web, deps.env, guard, timeoutMs, ca);
  const ytDlp = options.ytDlp === undefined ? findProgram("yt-dlp", deps.env) : (options.ytDlp ?? undefined);

  const webSearch = defineTool<{ query: string; limit?: number }>({
    name: "web_search",
    group: "web",
    description:
      "Search the web. Results come back as handles (#u1, #u2, ...) with title and snippet; open one by passing its handle to browser_navigate or web_fetch (never retype a URL).",
    parameters: parametersFrom(
      z.object({
        query: z.string().min(1).max(500).describe("what to search for"),
        limit: z.number().int().min(1).max(20).optional().describe("how many results (default from config)"),
      }),
    ),
    effects: ["network", "egress"],
    risk: "safe",
    trust: "untrusted",
    timeoutMs: timeoutMs + 5_000,
    examples: [
      "search the web for {query}",
      "search for {query}",
      "look up {query} online",
      "google {query}",
    ],
    available: () =>
      provider ? provider.problem() : "web search is off (web.search.provider is none in config.yaml)",
    async execute(args, ctx) {
      if (!provider) return fail("UNAVAILABLE", "web search is off (web.search.provider: none)");
      try {
        const results = await provider.search({
          query: args.query,
          limit: args.limit ?? web.search.max_results,
          signal: ctx.signal,
        });
        if (results.length === 0) return ok(`No web results for "${args.query}" (${provider.name}).`);
        const rows = results.map((result) => ({
          handle: ctx.handles.mint("u", result.url, {
            label: result.title.slice(0, 120),
            tool: "web_search",
            trust: "untrusted",
          }),
          ...result,
        }));
        const lines = rows.map((row) => {
          const snippet =
            row.snippet.length > MAX_SNIPPET ? `${row.snippet.slice(0, MAX_SNIPPET)}…` : row.snippet;
          return `${row.handle} ${row.title}\n    ${row.url}${snippet ? `\n    ${snippet}` : ""}`;
        });
        return ok(
          `Web results for "${args.query}" (${provider.name}); open one by its handle:\n${lines.join("\n")}`,
          { provider: provider.name, results: rows },
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const webFetch = defineTool<{ url: string; max_chars?: number }>({
    name: "web_fetch",
    group: "web",
    description:
      "Fetch a web page or PDF (a #u handle or a URL the user gave) and return it as readable markdown or text. Links in it become #u handles.",
    parameters: parametersFrom(
      z.object({
        url: urlString("a #u handle from an earlier result, or a URL the user gave"),
        max_chars: z
          .number()
          .int()
          .min(500)
          .max(30_000)
          .optional()
          .describe("cut the text after this many characters"),
      }),
    ),
    effects: ["network", "egress"],
    risk: "safe",
    trust: "untrusted",
    // A handle names a link from an earlier result; a person reads the site, not the handle
    says: ({ url }) => (url.startsWith("#") ? "Read a linked page" : `Read the page at ${siteOf(url)}`),
    timeoutMs: timeoutMs + 15_000,
    examples: ["fetch {url}", "read the page {url}", "what does {url} say"],
    async execute(args, ctx) {
      const url = coerceUrl(args.url);
      if (!url) return fail("ARGS_INVALID", `"${args.url.slice(0, 100)}" is not a URL`);
      if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
      try {
        const response = await safeFetch(url, {
          guard,
          maxBytes: web.max_bytes,
          timeoutMs,
          maxRedirects: web.max_redirects,
          signal: ctx.signal,
          ca,
        });
        const previous = opened.record(session(ctx), url.href, "web_fetch", ctx.clock.now());
        if (response.status >= 400) {
          return fail("TOOL_FAILED", `HTTP ${response.status} from ${new URL(response.url).host}`);
        }
        const content = await pageContent(response, ctx.handles, "web_fetch");
        const limit = args.max_chars ?? 20_000;
        const cut = content.text.length > limit;
        const header = [
          content.title ? `# ${content.title}` : undefined,
          `URL: ${response.url}${response.redirects.length > 0 ? ` (redirected from ${response.redirects[0]})` : ""}`,
          content.pages !== undefined ? `PDF, ${content.pages} page(s)` : undefined,
          response.truncated ? `Only the first ${web.max_bytes} bytes were read.` : undefined,
        ].filter(Boolean);
        const text = cut
          ? `${content.text.slice(0, limit)}\n…[cut at ${limit} of ${content.text.length} characters]`
          : content.text;
        return ok(`${duplicateNote(previous)}${header.join("\n")}\n\n${text}`, {
          url: response.url,
          redirects: response.redirects,
          status: response.status,
          kind: content.kind,
          title: content.title,
          links: content.links,
          duplicate: previous !== undefined,
          chars: content.text.length,
        });
      } catch (error) {
        return failed(error);
      }
    },
  });

  const youtube = defineTool<{ url: string; language?: string }>({
    name: "youtube_transcript",
    group: "web",
    description: "Get the captions (manual or automatic) of a YouTube video as a timestamped transcript.",
    parameters: parametersFrom(
      z.object({
        url: urlString("a YouTube video URL, #u handle or 11-character video id"),
        language: z
          .string()
          .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "a language code such as en or pt-BR")
          .optional()
          .describe("caption language code, default en"),
      }),
    ),
    effects: ["network", "egress"],
    risk: "safe",
    trust: "untrusted",
    timeoutMs: 180_000,
    examples: ["transcript of {url}", "get the captions of {url}"],
    available: () =>
      ytDlp
        ? undefined
        : "yt-dlp is not installed (install it with `pipx install yt-dlp` or `apt-get install yt-dlp`)",
    async execute(args, ctx) {
      if (!ytDlp) return fail("UNAVAILABLE", "yt-dlp is not installed (pipx install yt-dlp)");
      const watch = youtubeWatchUrl(args.url);
      if (!watch) return fail("ARGS_INVALID", "not a YouTube video URL or id");
      if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
      try {
        const transcript = await fetchTranscript({
          url: watch,
          language: args.language ?? "en",
          program: ytDlp,
          runner: options.runner ?? execRunner,
          timeoutMs: 170_000,
          signal: ctx.signal,
        });
        const previous = opened.record(session(ctx), watch, "youtube_transcript", ctx.clock.now());
        const minutes = transcript.durationS ? `, ${Math.round(transcript.durationS / 60)} min` : "";
        const title = `${transcript.title ?? transcript.id}${transcript.channel ? ` — ${transcript.channel}` : ""}${minutes}`;
        const body = formatTranscript(transcript.cues);
        return ok(
          `${duplicateNote(previous)}# ${title}\nCaptions: ${transcript.language} (${transcript.format})\n\n${body}`,
          {
            id: transcript.id,
            title: transcript.title,
            language: transcript.language,
            format: transcript.format,
            cues: transcript.cues.length,
          },
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  return [webSearch, webFetch, youtube];
}

/** The site a link is on ("news.example"), or the link itself when it does not parse. */
function siteOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
