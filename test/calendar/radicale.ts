/** Radicale (CalDAV/CardDAV) for the calendar tests: random loopback port, temp storage, htpasswd. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, makeCertificate, stopProcess, waitForPort } from "../mail/servers.js";

export interface RadicaleServer {
  url: string;
  port: number;
  dir: string;
  pid: number;
  certificate: { cert: string; key: string } | undefined;
  /** A raw authenticated request (to create collections and seed objects as another client would). */
  request(method: string, path: string, body?: string, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRadicale(options: {
  user: string;
  password: string;
  tls?: boolean;
  /** Runs before the server starts, with the temp dir (storage is `<dir>/collections`). */
  prepare?: (dir: string) => void;
}): Promise<RadicaleServer> {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-radicale-"));
  writeFileSync(join(dir, "users"), `${options.user}:${options.password}\n`);
  options.prepare?.(dir);
  const port = await freePort();
  const certificate = options.tls ? makeCertificate(dir) : undefined;
  const args = [
    "--config",
    "",
    "--server-hosts",
    `127.0.0.1:${port}`,
    "--storage-filesystem-folder",
    join(dir, "collections"),
    "--auth-type",
    "htpasswd",
    "--auth-htpasswd-filename",
    join(dir, "users"),
    "--auth-htpasswd-encryption",
    "plain",
    "--auth-delay",
    "0",
    "--rights-type",
    "owner_only",
    "--logging-level",
    "warning",
    ...(certificate
      ? ["--server-ssl", "--server-certificate", certificate.cert, "--server-key", certificate.key]
      : ["--no-server-ssl"]),
  ];
  const child: ChildProcess = spawn("radicale", args, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  try {
    await waitForPort(port, 20_000, child);
  } catch (error) {
    await stopProcess(child, "SIGKILL");
    throw new Error(`radicale did not start: ${(error as Error).message}\n${log}`);
  }
  const url = `${certificate ? "https" : "http"}://127.0.0.1:${port}/`;
  const auth = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString("base64")}`;
  return {
    url,
    port,
    dir,
    pid: child.pid!,
    certificate,
    request: (method, path, body, headers = {}) =>
      fetch(new URL(path, url), {
        method,
        headers: { authorization: auth, ...headers },
        ...(body ? { body } : {}),
      }),
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function makeCalendar(
  server: RadicaleServer,
  path: string,
  name: string,
  components: string[],
): Promise<void> {
  const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${name}</D:displayname>
    <C:supported-calendar-component-set>${components.map((c) => `<C:comp name="${c}"/>`).join("")}</C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
  const response = await server.request("MKCALENDAR", path, body, { "content-type": "application/xml" });
  if (response.status !== 201)
    throw new Error(`MKCALENDAR ${path}: ${response.status} ${await response.text()}`);
}

export async function makeAddressBook(server: RadicaleServer, path: string, name: string): Promise<void> {
  const body = `<?xml version="1.0" encoding="utf-8"?>
<D:mkcol xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav">
  <D:set><D:prop>
    <D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype>
    <D:displayname>${name}</D:displayname>
  </D:prop></D:set>
</D:mkcol>`;
  const response = await server.request("MKCOL", path, body, { "content-type": "application/xml" });
  if (response.status !== 201) throw new Error(`MKCOL ${path}: ${response.status} ${await response.text()}`);
}

export async function put(
  server: RadicaleServer,
  path: string,
  data: string,
  type = "text/calendar",
): Promise<void> {
  const response = await server.request("PUT", path, data.replace(/\r?\n/g, "\r\n"), {
    "content-type": `${type}; charset=utf-8`,
  });
  if (response.status >= 300) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
}
