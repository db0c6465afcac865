import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import tls from "node:tls";
import zlib from "node:zlib";
import { isTimeoutReason, linkSignals } from "../../core/abort.js";
import { JarvisError } from "../../core/errors.js";
import { type CheckedTarget, checkUrl, type GuardOptions } from "./guard.js";

// Not `import`: an ES import of node:http(s) reads its lazy WebSocket/MessageEvent exports, which
// loads undici (~3 MB of heap) into every process that loads the tool catalog; require() does not.
const require = createRequire(import.meta.url);
const http = require("node:http") as typeof import("node:http");
const https = require("node:https") as typeof import("node:https");

export const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Jarvis/0.1";

export interface SafeFetchOptions {
  guard: GuardOptions;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Bytes of (decompressed) body kept; the rest is dropped and `truncated` set. */
  maxBytes: number;
  /** One deadline for the whole exchange, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  signal?: AbortSignal;
  /** Certificates HTTPS trusts (see `trustStore`), asked only for https URLs; default: Node's store. */
  ca?: () => readonly string[] | undefined;
}

export interface SafeFetchResult {
  /** Final URL after redirects. */
  url: string;
  status: number;
  headers: IncomingMessage["headers"];
  /** Lower-cased media type without parameters, e.g. `text/html`. */
  mediaType: string;
  body: Buffer;
  truncated: boolean;
  /** Every URL requested before the final one. */
  redirects: string[];
  /** The address actually connected to for the final response. */
  address: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * What HTTPS trusts: Node's default store (with NODE_EXTRA_CA_CERTS), plus the CA
 * certificates in `caFile` (web.ca_file, for a self-hosted server with a private CA). Read on
 * first use and kept; a file that cannot be read fails each call, so fixing it needs no restart.
 */
export function trustStore(caFile: string | undefined): () => readonly string[] | undefined {
  let loaded: readonly string[] | undefined;
  return () => {
    if (!caFile) return undefined;
    if (loaded) return loaded;
    let pem: string;
    try {
      pem = readFileSync(caFile, "utf8");
    } catch (error) {
      throw new JarvisError(
        "CONFIG_INVALID",
        `web.ca_file ${caFile} cannot be read (${(error as Error).message})`,
        {
          fix: "point web.ca_file in config.yaml at a PEM file of the CA to trust",
        },
      );
    }
    const extra = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (extra.length === 0) {
      throw new JarvisError("CONFIG_INVALID", `web.ca_file ${caFile} holds no PEM certificate`, {
        fix: "point web.ca_file in config.yaml at a PEM file of the CA to trust",
      });
    }
    const base =
      typeof tls.getCACertificates === "function" ? tls.getCACertificates("default") : tls.rootCertificates;
    loaded = [...base, ...extra];
    return loaded;
  };
}

/** Why a TLS connection was refused, in words, for the errors a bad certificate gives. */
function certificateProblem(error: unknown): string | undefined {
  const code = String((error as { code?: unknown }).code ?? "");
  if (code === "DEPTH_ZERO_SELF_SIGNED_CERT" || code === "SELF_SIGNED_CERT_IN_CHAIN")
    return "it is self-signed";
  if (
    /^UNABLE_TO_(GET_ISSUER_CERT|GET_ISSUER_CERT_LOCALLY|VERIFY_LEAF_SIGNATURE)$|^CERT_UNTRUSTED$/.test(code)
  )
    return "it is issued by an authority that is not trusted";
  if (code === "CERT_HAS_EXPIRED") return "it has expired";
  if (code === "CERT_NOT_YET_VALID") return "it is not valid yet";
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") return "it is issued for a different name";
  if (/CERT|^ERR_SSL_|^EPROTO$/.test(code)) return (error as Error).message;
  return undefined;
}

/**
 * HTTP(S) GET/POST for third-party URLs: every hop (redirects are followed here, not by the
 * HTTP stack) is checked by the SSRF guard, DNS is resolved once per hop and the socket is
 * pinned to the checked address, and time and size are bounded (decompressed size counts).
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const linked = linkSignals([options.signal], options.timeoutMs);
  const signal = linked.signal;
  const redirects: string[] = [];
  let url = new URL(input);
  let method = options.method ?? "GET";
  let body = options.body;
  try {
    for (;;) {
      const target = await checkUrl(url, options.guard, signal);
      const response = await request(url, target, method, body, options.headers ?? {}, signal, options.ca);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects.length >= options.maxRedirects) {
          throw new JarvisError("LIMIT_REACHED", `more than ${options.maxRedirects} redirects`, {
            fix: "open the final URL directly",
          });
        }
        redirects.push(url.href);
        url = new URL(location, url);
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const { data, truncated } = await readBody(response, options.maxBytes, signal);
      const contentType = String(response.headers["content-type"] ?? "");
      return {
        url: url.href,
        status,
        headers: response.headers,
        mediaType: contentType.split(";")[0]!.trim().toLowerCase(),
        body: data,
        truncated,
        redirects,
        address: target.address,
      };
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof JarvisError)) {
      if (isTimeoutReason(signal.reason)) {
        throw new JarvisError("TIMEOUT", `${url.host} did not answer within ${options.timeoutMs / 1000} s`);
      }
      throw new JarvisError("CANCELLED", "cancelled");
    }
    if (error instanceof JarvisError) throw error;
    const problem = url.protocol === "https:" ? certificateProblem(error) : undefined;
    if (problem) {
      // Never retried without verification: a bad certificate may be someone in the middle.
      throw new JarvisError("TOOL_FAILED", `${url.host}: its TLS certificate was refused (${problem})`, {
        fix: "Jarvis only fetches HTTPS sites whose certificate verifies; for your own server, add its CA to web.ca_file in config.yaml",
      });
    }
    throw new JarvisError("TOOL_FAILED", `${url.host}: ${(error as Error).message}`);
  } finally {
    linked.dispose();
  }
}

function pinnedLookup(target: CheckedTarget): LookupFunction {
  return ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

function request(
  url: URL,
  target: CheckedTarget,
  method: string,
  body: string | undefined,
  headers: Record<string, string>,
  signal: AbortSignal,
  trust: (() => readonly string[] | undefined) | undefined,
): Promise<IncomingMessage> {
  const secure = url.protocol === "https:";
  const transport = secure ? https : http;
  const ca = secure ? trust?.() : undefined;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method,
      headers: {
        "user-agent": USER_AGENT,
        accept: "text/html,application/xhtml+xml,application/pdf,text/plain,application/json;q=0.9,*/*;q=0.5",
        "accept-encoding": "gzip, deflate, br",
        "accept-language": "en;q=0.9, *;q=0.5",
        ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
        ...headers,
      },
      lookup: pinnedLookup(target),
      agent: false,
      signal,
      // Explicit, so NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn checks off.
      ...(secure
        ? { rejectUnauthorized: true, minVersion: "TLSv1.2" as const, ...(ca ? { ca: [...ca] } : {}) }
        : {}),
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end(body);
  });
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ data: Buffer; truncated: boolean }> {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder = decoderFor(encoding);
  const stream: Readable = decoder ? response.pipe(decoder) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const onAbort = () => stream.destroy(signal.reason as Error);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    response.destroy();
    decoder?.destroy();
  }
  return { data: Buffer.concat(chunks, size), truncated };
}
