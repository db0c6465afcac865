import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPrograms } from "../../src/testing/programs.js";
import { createWebTools } from "../../src/tools/web/index.js";
import { createHarness, fakeLookup, type Harness } from "../browser/harness.js";

const ok = hasPrograms(["openssl"], "openssl");

/** Runs openssl with an argv array in `dir` (no shell). */
function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
}

/**
 * A private CA, a server certificate it signs for secure.test and 127.0.0.1, and an unrelated
 * self-signed certificate: what a self-hosted server and a man in the middle would present.
 */
function makeCertificates(dir: string): void {
  const subj = (cn: string) => ["-subj", `/CN=${cn}`];
  openssl(
    dir,
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem"]
      .concat(["-days", "2", ...subj("Jarvis Test CA"), "-addext", "basicConstraints=critical,CA:TRUE"])
      .concat(["-addext", "keyUsage=critical,keyCertSign,cRLSign"]),
  );
  openssl(
    dir,
    ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr"].concat(
      subj("secure.test"),
    ),
  );
  writeFileSync(join(dir, "san.ext"), "subjectAltName=DNS:secure.test,IP:127.0.0.1\n");
  openssl(
    dir,
    ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key"].concat([
      "-CAcreateserial",
      "-out",
      "server.pem",
      "-days",
      "2",
      "-extfile",
      "san.ext",
    ]),
  );
  openssl(
    dir,
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "self.key", "-out", "self.pem"].concat([
      "-days",
      "2",
      ...subj("secure.test"),
      "-addext",
      "subjectAltName=DNS:secure.test",
    ]),
  );
}

async function serve(
  key: Buffer,
  cert: Buffer,
  hits: string[],
): Promise<{ port: number; close(): Promise<void> }> {
  const server = https.createServer({ key, cert }, (req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("Hello over TLS\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!ok)("web_fetch over HTTPS: TLS works, certificates are verified", () => {
  let dir: string;
  let trusted: Awaited<ReturnType<typeof serve>>;
  let selfSigned: Awaited<ReturnType<typeof serve>>;
  const hits: string[] = [];
  const harnesses: Harness[] = [];
  const lookup = fakeLookup({ "secure.test": ["127.0.0.1"], "other.test": ["127.0.0.1"] });

  const harness = (extra: string) => {
    const allow = `["127.0.0.1:${trusted.port}", "127.0.0.1:${selfSigned.port}"]`;
    const h = createHarness(`web:\n  allow_private: ${allow}\n  timeout_s: 5\n${extra}`, (deps) =>
      createWebTools(deps, { lookup }),
    );
    harnesses.push(h);
    return h;
  };
  const fetchIt = (h: Harness, url: string) => h.call("web_fetch", { url }, h.turn(`read ${url}`));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-tls-"));
    makeCertificates(dir);
    const read = (name: string) => readFileSync(join(dir, name));
    trusted = await serve(read("server.key"), read("server.pem"), hits);
    selfSigned = await serve(read("self.key"), read("self.pem"), hits);
  });

  afterAll(async () => {
    for (const h of harnesses) await h.close();
    await trusted?.close();
    await selfSigned?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a certificate it cannot verify by default, with one clear line, before any request", async () => {
    const h = harness("");
    const refused = await fetchIt(h, `https://secure.test:${trusted.port}/`);
    expect(refused.code).toBe("TOOL_FAILED");
    expect(refused.observation.split("\n")).toHaveLength(1);
    expect(refused.observation).toContain(
      `secure.test:${trusted.port}: its TLS certificate was refused (it is issued by an authority that is not trusted)`,
    );
    expect(refused.observation).toContain("web.ca_file");
    const self = await fetchIt(h, `https://secure.test:${selfSigned.port}/`);
    expect(self.observation).toContain("its TLS certificate was refused (it is self-signed)");
    expect(hits).toEqual([]);
  });

  it("an environment that turns Node's TLS checks off does not turn Jarvis's off", async () => {
    const h = harness("");
    const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    const warn = process.emitWarning;
    process.emitWarning = () => undefined; // Node warns once about the variable itself
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    try {
      const refused = await fetchIt(h, `https://secure.test:${selfSigned.port}/`);
      expect(refused.observation).toContain("its TLS certificate was refused (it is self-signed)");
    } finally {
      if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
      process.emitWarning = warn;
    }
    expect(hits).toEqual([]);
  });

  it("with web.ca_file naming the private CA, fetches over TLS; names and other certificates are still checked", async () => {
    const h = harness(`  ca_file: ${JSON.stringify(join(dir, "ca.pem"))}\n`);
    const fetched = await fetchIt(h, `https://secure.test:${trusted.port}/page`);
    expect(fetched.status, fetched.observation).toBe("ok");
    expect(fetched.observation).toContain("Hello over TLS");
    expect(fetched.observation).toContain(`URL: https://secure.test:${trusted.port}/page`);
    expect(hits).toEqual(["/page"]);
    // The certificate says secure.test and 127.0.0.1; another name on the same server is refused.
    const wrongName = await fetchIt(h, `https://other.test:${trusted.port}/`);
    expect(wrongName.observation).toContain(
      "its TLS certificate was refused (it is issued for a different name)",
    );
    // Trusting one CA does not trust everything.
    const self = await fetchIt(h, `https://secure.test:${selfSigned.port}/`);
    expect(self.observation).toContain("(it is self-signed)");
    expect(hits).toEqual(["/page"]);
  });

  it("a web.ca_file that cannot be read or holds no certificate is refused with one line; http is unaffected", async () => {
    writeFileSync(join(dir, "not-a-cert.pem"), "hello\n");
    const missing = harness(`  ca_file: ${JSON.stringify(join(dir, "missing.pem"))}\n`);
    const noFile = await fetchIt(missing, `https://secure.test:${trusted.port}/`);
    expect(noFile.code).toBe("CONFIG_INVALID");
    expect(noFile.observation.split("\n")).toHaveLength(1);
    expect(noFile.observation).toContain(`web.ca_file ${join(dir, "missing.pem")} cannot be read`);
    const junk = harness(`  ca_file: ${JSON.stringify(join(dir, "not-a-cert.pem"))}\n`);
    const noCert = await fetchIt(junk, `https://secure.test:${trusted.port}/`);
    expect(noCert.code).toBe("CONFIG_INVALID");
    expect(noCert.observation).toContain("holds no PEM certificate");
    expect(hits).toEqual(["/page"]);
    // A plain-http fetch does not need the CA file, so it is not blocked by it.
    const plain = await fetchIt(missing, `http://secure.test:${trusted.port}/`);
    expect(plain.observation).not.toContain("ca_file");
  });
});
