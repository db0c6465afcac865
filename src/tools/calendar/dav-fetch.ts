import { createRequire } from "node:module";
import type { TlsSettings } from "../mail/accounts.js";
import { tlsOptions } from "../mail/accounts.js";

// Not `import`: an ES import of node:http(s) reads its lazy WebSocket/MessageEvent exports, which
// loads undici (~3 MB of heap) into every process that loads the tool catalog; require() does not.
const require = createRequire(import.meta.url);
const http = require("node:http") as typeof import("node:http");
const https = require("node:https") as typeof import("node:https");

const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

/**
 * A `fetch` for tsdav over node:http/https, so a self-hosted server's CA (`ca_file`) and
 * `tls_verify` apply, errors keep their socket/TLS codes, and redirects are left to the caller.
 */
export function davFetch(server: TlsSettings, url: string, timeoutMs = 30_000): typeof fetch {
  const host = new URL(url).hostname;
  const tls = url.startsWith("https:") ? tlsOptions(server, host) : {};
  const davFetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body =
      init.body == null
        ? undefined
        : typeof init.body === "string"
          ? Buffer.from(init.body)
          : Buffer.from(await new Response(init.body).arrayBuffer());
    if (body) headers["content-length"] = String(body.length);
    const transport = target.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        target,
        {
          method: init.method ?? "GET",
          headers,
          timeout: timeoutMs,
          ...(target.protocol === "https:" ? tls : {}),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) {
              request.destroy(new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on("error", reject);
          response.on("end", () => {
            const status = response.statusCode ?? 500;
            const responseHeaders = new Headers();
            for (const [key, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, item);
            }
            const noBody = status === 204 || status === 205 || status === 304 || init.method === "HEAD";
            const result = new Response(noBody ? null : Buffer.concat(chunks), {
              status: status < 200 ? 500 : status,
              statusText: response.statusMessage ?? "",
              headers: responseHeaders,
            });
            Object.defineProperty(result, "url", { value: target.href });
            resolve(result);
          });
        },
      );
      request.on("timeout", () =>
        request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: "ETIMEDOUT" })),
      );
      request.on("error", reject);
      request.end(body);
    });
  };
  return davFetchImpl as typeof fetch;
}
