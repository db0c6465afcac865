import http from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createWebTools } from "../../src/tools/web/index.js";
import { createHarness, fakeLookup, type Harness } from "./harness.js";
import { type Site, startForbidden, startSite } from "./site.js";

describe("web_fetch: limits, redirects, SSRF guard, readable text", () => {
  let site: Site;
  let forbidden: Awaited<ReturnType<typeof startForbidden>>;
  let h: Harness;
  let lookup: ReturnType<typeof fakeLookup>;
  let flips = 0;

  beforeAll(async () => {
    forbidden = await startForbidden();
    site = await startSite(forbidden.port);
    const pdf = await PDFDocument.create();
    pdf.setTitle("Widget price list");
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText("Widgets cost 25 euros each.", { x: 50, y: 700, font, size: 14 });
    pdf.addPage().drawText("Shipping is free above 100 euros.", { x: 50, y: 700, font, size: 14 });
    const bytes = Buffer.from(await pdf.save());
    site.routes.set("/prices.pdf", (_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf" }).end(bytes),
    );
    site.routes.set("/prices-unlabelled", (_req, res) =>
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(bytes),
    );
    lookup = fakeLookup({
      "shop.test": ["127.0.0.1"],
      "unsaid.test": ["127.0.0.1"],
      "metadata.test": ["169.254.169.254"],
      "intranet.test": ["10.0.0.7"],
      "cgnat.test": ["100.64.3.4"],
      "mixed.test": ["93.184.216.34", "192.168.1.1"],
      "ula.test": ["fd12::1"],
      "mapped.test": ["::ffff:127.0.0.1"],
    });
    // Answers 127.0.0.1 (allowed port) once, then a private address: a rebinding attempt.
    const rebinding = async (host: string) => {
      if (host !== "rebind.test") return lookup(host);
      flips += 1;
      return [{ address: flips === 1 ? "127.0.0.1" : "10.6.6.6", family: 4 as const }];
    };
    h = createHarness(
      `web:\n  allow_private: ["127.0.0.1:${site.port}"]\n  timeout_s: 1.5\n  max_bytes: 100000\n  max_redirects: 3\n`,
      (deps) => createWebTools(deps, { lookup: rebinding }),
    );
  });

  afterAll(async () => {
    await h?.close();
    await site?.close();
    await forbidden?.close();
  });

  const fetchIt = (url: string, text = `read ${url}`) => h.call("web_fetch", { url }, h.turn(text));

  it("turns an article into readable markdown whose links are handles", async () => {
    const turn = h.turn(`read http://shop.test:${site.port}/about`);
    const out = await h.call("web_fetch", { url: `http://shop.test:${site.port}/about` }, turn);
    expect(out.status, out.observation).toBe("ok");
    expect(out.observation).toContain("# About the shop");
    expect(out.observation).toContain("Our return policy is simple");
    expect(out.observation).not.toContain("<p>");
    const handle = /\[the contact form\]\((#u\d+)\)/.exec(out.observation)![1]!;
    expect(turn.handles.resolve(handle)).toMatchObject({
      value: `http://shop.test:${site.port}/form`,
      trust: "untrusted",
    });
    expect(turn.taint.tainted).toBe(true);
    // an added query is another link (it could carry data out): asked, and here approved
    const again = await h.call(
      "web_fetch",
      { url: `http://SHOP.test:${site.port}/about?utm_source=x#top` },
      { ...turn, broker: new FixedConfirmationBroker("approve") },
    );
    expect(again.observation).toContain("already opened once in this session");
  });

  it("decodes charsets from the header and from <meta>, and gzip bodies", async () => {
    expect((await fetchIt(`${site.origin}/latin1`)).observation).toContain("Crème brûlée à la carte");
    const cp1251 = (await fetchIt(`${site.origin}/meta-cp1251`)).observation;
    expect(cp1251).toContain("# Привет");
    expect(cp1251).toContain("Мир");
    expect((await fetchIt(`${site.origin}/gzip`)).observation).toContain("compressed hello");
  });

  it("reads PDFs page by page, even when the server mislabels them", async () => {
    for (const path of ["/prices.pdf", "/prices-unlabelled"]) {
      const out = await fetchIt(`${site.origin}${path}`);
      expect(out.status, out.observation).toBe("ok");
      expect(out.observation).toContain("# Widget price list");
      expect(out.observation).toContain("PDF, 2 page(s)");
      expect(out.observation).toMatch(
        /--- page 1 ---\nWidgets cost 25 euros each\.\n\n--- page 2 ---\nShipping is free/,
      );
    }
  });

  it("bounds size and time, and refuses binary content and HTTP errors with one line", async () => {
    const big = await fetchIt(`${site.origin}/big`);
    expect(big.observation).toContain("Only the first 100000 bytes were read.");
    expect((big.result!.data as { chars: number }).chars).toBe(100_000);
    const slow = await fetchIt(`${site.origin}/slow`);
    expect(slow.code).toBe("TIMEOUT");
    expect(slow.observation).toMatch(/did not answer within 1\.5 s/);
    const binary = await fetchIt(`${site.origin}/binary`);
    expect(binary.observation).toContain("image/png content is not text");
    const missing = await fetchIt(`${site.origin}/missing`);
    expect(missing.observation).toBe(`ERROR TOOL_FAILED: HTTP 404 from 127.0.0.1:${site.port}`);
    const loop = await fetchIt(`${site.origin}/redirect-loop`);
    expect(loop.code).toBe("LIMIT_REACHED");
  });

  it.each([
    ["loopback on another port", (p: number) => `http://127.0.0.1:${p}/secret`, "a loopback address"],
    ["private 10.x", () => "http://10.1.2.3/", "a private address"],
    ["metadata", () => "http://169.254.169.254/latest/meta-data/", "the cloud metadata address"],
    ["CGNAT", () => "http://100.64.0.9/", "carrier-grade NAT"],
    ["IPv6 loopback", (p: number) => `http://[::1]:${p}/`, "a loopback address"],
    ["IPv4-mapped IPv6", (p: number) => `http://[::ffff:127.0.0.1]:${p}/`, "a loopback address"],
    ["IPv6 unique-local", () => "http://[fd00::1]/", "unique-local"],
    ["IPv6 link-local", () => "http://[fe80::1]/", "link-local"],
    ["hex loopback", (p: number) => `http://0x7f.0.0.1:${p}/`, "a loopback address"],
    ["decimal loopback", (p: number) => `http://2130706433:${p}/`, "a loopback address"],
    ["name → metadata", () => "http://metadata.test/", "metadata.test resolves to 169.254.169.254"],
    ["name → 10.x", () => "http://intranet.test/", "intranet.test resolves to 10.0.0.7"],
    ["name → CGNAT", () => "http://cgnat.test/", "carrier-grade NAT"],
    ["name with one private answer", () => "http://mixed.test/", "192.168.1.1, a private address"],
    ["name → IPv6 ULA", () => "http://ula.test/", "fd12::1"],
    ["name → mapped loopback", (p: number) => `http://mapped.test:${p}/`, "127.0.0.1 inside an IPv6 address"],
  ])("refuses %s", async (_name, url, why) => {
    const target = url(forbidden.port);
    const out = await fetchIt(target);
    expect(out.code).toBe("POLICY_DENIED");
    expect(out.observation).toContain(why);
    expect(out.observation).toContain("web.allow_private");
    expect(forbidden.hits).toEqual([]);
  });

  it("re-checks every redirect hop", async () => {
    for (const path of ["/redirect-forbidden", "/redirect-metadata"]) {
      const out = await fetchIt(`${site.origin}${path}`);
      expect(out.code, path).toBe("POLICY_DENIED");
    }
    const named = await fetchIt(`${site.origin}/redirect-name`);
    expect(named.observation).toContain("NOT_FOUND"); // evil.test is unknown to this test's DNS
    expect(forbidden.hits).toEqual([]);
    const allowed = await fetchIt(`${site.origin}/redirect-loop`.replace("redirect-loop", "about?x=1"));
    expect(allowed.status).toBe("ok");
  });

  it("pins the connection to the address it checked (no second DNS answer is used)", async () => {
    const out = await fetchIt(`http://rebind.test:${site.port}/about`);
    expect(out.status, out.observation).toBe("ok");
    expect(flips).toBe(1);
    expect(out.observation).toContain("Our story");
  });

  it("refuses non-http schemes, credentials and non-URLs; a model-typed URL raises the tier", async () => {
    expect((await fetchIt("file:///etc/passwd")).observation).toContain("only http and https");
    expect((await fetchIt("ftp://example.org/x")).observation).toContain("only http and https");
    expect((await fetchIt(`http://u:p@127.0.0.1:${site.port}/`)).observation).toContain("credentials");
    expect((await fetchIt("not a url at all")).code).toBe("ARGS_INVALID");
    const typed = await h.call(
      "web_fetch",
      { url: `http://unsaid.test:${site.port}/about` },
      h.turn("tell me about widgets"),
    );
    expect(typed.tier).toBe("caution");
    expect(typed.reason).toContain("url of unknown origin");
  });
});

describe("allow_private forms", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/plain" }).end("local ok"),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ["host:port", (p: number) => `"127.0.0.1:${p}"`, true],
    ["bare address", () => `"127.0.0.1"`, true],
    ["CIDR", () => `"127.0.0.0/8"`, true],
    ["host name", () => `"nas.test"`, true],
    ["host name and other port", (p: number) => `"nas.test:${p + 1}"`, false],
    ["another address", () => `"127.0.0.2"`, false],
  ])("%s", async (_name, entry, allowed) => {
    const h = createHarness(`web:\n  allow_private: [${entry(port)}]\n`, (deps) =>
      createWebTools(deps, { lookup: fakeLookup({ "nas.test": ["127.0.0.1"] }) }),
    );
    try {
      const url = `http://nas.test:${port}/`;
      const out = await h.call("web_fetch", { url }, h.turn(`fetch ${url}`));
      expect(out.status === "ok", out.observation).toBe(allowed);
      if (allowed) expect(out.observation).toContain("local ok");
    } finally {
      await h.close();
    }
  });
});
