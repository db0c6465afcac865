import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryHandleStore } from "../../src/core/handles.js";
import { silentLogger } from "../../src/core/logger.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import type { CallOutcome } from "../../src/gate/gate.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { contactsTools, systemUriOpener, type UriOpener } from "../../src/tools/contacts/index.js";
import { calendarConfig, startSeededRadicale } from "../calendar/harness.js";
import { put, type RadicaleServer } from "../calendar/radicale.js";
import { type MailHarness, openHarness, USER } from "../mail/harness.js";

const ok = hasPrograms(["radicale"], "radicale");

const CARDS = {
  mom: "BEGIN:VCARD\nVERSION:3.0\nUID:mom-1\nFN:Mom\nTEL;TYPE=cell:+1 555 0100\nTEL;TYPE=home:+1 555 0177\nEND:VCARD\n",
  sarah:
    "BEGIN:VCARD\nVERSION:3.0\nUID:sarah-1\nFN:Sarah Connor\nEMAIL:sarah@example.com\nTEL;TYPE=work,voice:+1 555 0142\nTEL;TYPE=cell:+1 555 0143\nTEL;TYPE=fax:+1 555 0144\nEND:VCARD\n",
  sarahLee:
    "BEGIN:VCARD\nVERSION:4.0\nUID:sarah-2\nFN:Sarah Lee\nTEL;TYPE=cell:+44 20 7946 0958\nEND:VCARD\n",
};

/**
 * Stand-ins for xdg-open / open: tiny scripts on a PATH of their own that write the argv they
 * were started with (program name first) to a file, so the test sees exactly what was spawned.
 */
function openerScripts(dir: string) {
  const bin = (name: string) => {
    const folder = join(dir, name);
    mkdirSync(folder, { recursive: true });
    return folder;
  };
  const log = join(dir, "argv.log");
  const record = `#!/bin/sh\nprintf '%s\\n' "\${0##*/}" "$@" > '${log}'\n`;
  const recording = bin("recording");
  for (const name of ["xdg-open", "open"]) {
    writeFileSync(join(recording, name), record);
    chmodSync(join(recording, name), 0o755);
  }
  const failing = bin("failing");
  writeFileSync(
    join(failing, "xdg-open"),
    `#!/bin/sh\necho "xdg-open: no method available for opening '$1'" >&2\nexit 3\n`,
  );
  chmodSync(join(failing, "xdg-open"), 0o755);
  const empty = bin("empty");
  return {
    log,
    linux: systemUriOpener({ env: { PATH: recording }, platform: "linux" }),
    mac: systemUriOpener({ env: { PATH: recording }, platform: "darwin" }),
    failing: systemUriOpener({ env: { PATH: failing }, platform: "linux" }),
    missing: systemUriOpener({ env: { PATH: empty }, platform: "linux" }),
    windows: systemUriOpener({ env: { PATH: recording }, platform: "win32" }),
    /** The argv of the last spawn, or undefined when nothing was spawned since `reset`. */
    spawned: () => (existsSync(log) ? readFileSync(log, "utf8").trimEnd().split("\n") : undefined),
    reset: () => rmSync(log, { force: true }),
  };
}

describe.skipIf(!ok)("contacts_call against Radicale (CardDAV), handing tel:/sms: to the system", () => {
  let radicale: RadicaleServer;
  let harness: MailHarness;
  let dir: string;
  let openers: ReturnType<typeof openerScripts>;
  let opener: UriOpener;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-call-"));
    openers = openerScripts(dir);
    radicale = await startSeededRadicale();
    for (const [name, card] of Object.entries(CARDS)) {
      await put(radicale, `/${USER}/contacts/${name}.vcf`, card, "text/vcard");
    }
    // the tool sees whichever opener the test picked (missing, failing, macOS)
    const current: UriOpener = { argv: (uri) => opener.argv(uri), run: (argv) => opener.run(argv) };
    harness = openHarness(calendarConfig(radicale.url), {
      extraTools: (deps) => contactsTools(deps, { opener: current }),
    });
  });
  afterAll(async () => {
    await harness?.close();
    await radicale?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    opener = openers.linux;
    openers.reset();
  });

  const call = async (
    args: Record<string, unknown>,
    options: { said?: string; answer?: "approve" | "deny"; handles?: MemoryHandleStore } = {},
  ): Promise<CallOutcome & { asked: string[] }> => {
    const broker = new FixedConfirmationBroker(options.answer ?? "approve");
    const scope = harness.scope({
      broker,
      userText: [options.said ?? JSON.stringify(args)],
      ...(options.handles ? { handles: options.handles } : {}),
    });
    const outcome = await harness.runtime.gate.call({ tool: "contacts_call", args }, scope);
    return { ...outcome, asked: broker.seen.map((r) => r.preview) };
  };

  it("calls mom on her mobile: asks with name and number, then spawns xdg-open tel:", async () => {
    const done = await call({ query: "mom" }, { said: "call mom" });
    expect(done.status, done.observation).toBe("ok");
    expect(done.tier).toBe("dangerous");
    expect(done.asked).toEqual([
      "Call Mom (mobile) at +1 555 0100\nJarvis hands tel:+15550100 to xdg-open; your phone app places the call.",
    ]);
    expect(done.result?.output).toBe(
      "Asked the system to call Mom (+1 555 0100): handed tel:+15550100 to xdg-open.",
    );
    expect(openers.spawned()).toEqual(["xdg-open", "tel:+15550100"]);
  });

  it("takes the kind of number the user said, and texts to the mobile", async () => {
    const work = await call(
      { query: "sarah connor's work number" },
      { said: "dial sarah connor's work number" },
    );
    expect(work.status, work.observation).toBe("ok");
    expect(work.asked[0]).toContain("Call Sarah Connor (work) at +1 555 0142");
    expect(openers.spawned()).toEqual(["xdg-open", "tel:+15550142"]);

    const home = await call({ query: "mom", type: "home" }, { said: "call mom at home" });
    expect(home.result?.output).toContain("call Mom (+1 555 0177)");
    expect(openers.spawned()).toEqual(["xdg-open", "tel:+15550177"]);

    const text = await call(
      { query: "sarah connor", via: "text", message: "running late" },
      { said: "text sarah connor running late" },
    );
    expect(text.status, text.observation).toBe("ok");
    expect(text.asked[0]).toContain('Text Sarah Connor (mobile) at +1 555 0143: "running late"');
    expect(text.result?.output).toBe(
      "Asked the system to text Sarah Connor (+1 555 0143): handed sms:+15550143?body=running%20late to xdg-open.",
    );
    expect(openers.spawned()).toEqual(["xdg-open", "sms:+15550143?body=running%20late"]);

    const missing = await call({ query: "mom", type: "work" }, { said: "call mom at work" });
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.observation).toMatch(
      /^ERROR NOT_FOUND: Mom has no work number; numbers on the card: .*mobile \+1 555 0100 #p\d/,
    );
    expect(missing.observation.split("\n")).toHaveLength(1);
  });

  it("fails in one line naming the fix when no contact matches or the contact has no phone", async () => {
    const none = await call({ query: "zebra" }, { said: "call zebra" });
    expect(none.status).toBe("failed");
    expect(none.observation).toBe(
      'ERROR NOT_FOUND: no contact matches "zebra"; add them with contacts_add (name and phone), or give the number to call',
    );
    const bob = await call({ query: "bob" }, { said: "call bob" });
    expect(bob.observation).toBe(
      'ERROR NOT_FOUND: Bob Builder has no phone number; add it with contacts_add (name "Bob Builder", phone …), or give the number to call',
    );
    expect(openers.spawned()).toBeUndefined();
  });

  it("lists several matches as handles, and calls the one the user picks by handle", async () => {
    const handles = new MemoryHandleStore();
    const both = await call({ query: "sarah" }, { said: "call sarah", handles });
    expect(both.status).toBe("failed");
    expect(both.code).toBe("ARGS_INVALID");
    expect(both.observation.split("\n")).toHaveLength(1);
    expect(both.observation).toContain('"sarah" matches 2 contacts:');
    expect(both.observation).toMatch(
      /#c\d Sarah Connor \(work \+1 555 0142 #p\d, mobile \+1 555 0143 #p\d\)/,
    );
    expect(both.observation).toMatch(/#c\d Sarah Lee \(mobile \+44 20 7946 0958 #p\d\)/);
    expect(openers.spawned()).toBeUndefined();

    const lee = handles.list("c").find((h) => h.label === "Sarah Lee")!.handle;
    const picked = await call({ query: lee }, { said: `call ${lee}`, handles });
    expect(picked.status, picked.observation).toBe("ok");
    expect(picked.tier).toBe("dangerous");
    expect(picked.result?.output).toBe(
      "Asked the system to call Sarah Lee (+44 20 7946 0958): handed tel:+442079460958 to xdg-open.",
    );
    expect(openers.spawned()).toEqual(["xdg-open", "tel:+442079460958"]);

    const connor = handles.list("c").find((h) => h.label === "Sarah Connor")!.handle;
    const byEmailHandle = await call({ query: connor, via: "text" }, { said: `text ${connor}`, handles });
    expect(byEmailHandle.result?.output).toContain("text Sarah Connor (+1 555 0143)");

    const work = handles.list("p").find((h) => h.value === "+1 555 0142")!.handle;
    const byPhone = await call({ query: work }, { said: `call ${work}`, handles });
    expect(byPhone.asked[0]).toContain("Call Sarah Connor at +1 555 0142");
    expect(openers.spawned()).toEqual(["xdg-open", "tel:+15550142"]);
  });

  it("dials an explicit number or a raw number, naming the contact that has it", async () => {
    const explicit = await call(
      { query: "mom", number: "+1 (555) 0199" },
      { said: "call mom on +1 (555) 0199" },
    );
    expect(explicit.status, explicit.observation).toBe("ok");
    expect(explicit.asked[0]).toContain("Call Mom at +1 (555) 0199");
    expect(openers.spawned()).toEqual(["xdg-open", "tel:+15550199"]);

    const raw = await call({ query: "+1 555 0100" }, { said: "call +1 555 0100" });
    expect(raw.result?.output).toBe(
      "Asked the system to call Mom (+1 555 0100): handed tel:+15550100 to xdg-open.",
    );
    const stranger = await call({ query: "0800 123 456" }, { said: "dial 0800 123 456" });
    expect(stranger.result?.output).toBe(
      "Asked the system to call 0800 123 456: handed tel:0800123456 to xdg-open.",
    );
    expect(openers.spawned()).toEqual(["xdg-open", "tel:0800123456"]);
  });

  it("raises the tier when the name did not come from the user", async () => {
    const unsaid = await call({ query: "mom" }, { said: "what's the weather" });
    expect(unsaid.tier).toBe("destructive");
    expect(unsaid.asked).toHaveLength(1);
  });

  it.each([
    [
      { query: "" },
      "refused",
      "REFUSED ARGS_INVALID: contacts_call: query must NOT have fewer than 1 characters",
    ],
    [{ query: "   " }, "denied", "DENIED ARGS_INVALID: query is empty: say who to call or text"],
    [
      { query: "mom", number: "555-0100; rm -rf /" },
      "denied",
      'number "555-0100; rm -rf /" is not a phone number',
    ],
    [{ query: "mom", number: "call me maybe" }, "denied", 'number "call me maybe" is not a phone number'],
    [
      { query: "mom", number: "$(reboot)" },
      "denied",
      "is not a phone number (digits, spaces, + * # - ( ) . only)",
    ],
    [{ query: "555 0100 `id`" }, "failed", 'no contact matches "555 0100 `id`"'],
    [{ query: "mom", via: "fax" }, "refused", "via must be one of call, text"],
    [{ query: "mom", type: "fax" }, "denied", 'type must be mobile, work or home (got "fax")'],
    [{ query: "mom", message: "hi" }, "denied", 'a message goes with via "text" only'],
    [{ query: "mom", dial: true }, "refused", 'unexpected key "dial"'],
  ])("refuses %j in one line, spawning nothing", async (args, status, message) => {
    const refused = await call(args);
    expect(refused.status).toBe(status);
    expect(refused.observation).toContain(message);
    expect(refused.observation.split("\n")).toHaveLength(1);
    if (status !== "failed") expect(refused.asked).toEqual([]);
    expect(openers.spawned()).toBeUndefined();
  });

  it("spawns nothing when the user says no", async () => {
    const denied = await call({ query: "mom" }, { said: "call mom", answer: "deny" });
    expect(denied.code).toBe("USER_DENIED");
    expect(openers.spawned()).toBeUndefined();
  });

  it("says the number when no handler exists or the handler fails", async () => {
    opener = openers.missing;
    const missing = await call({ query: "mom" }, { said: "call mom" });
    expect(missing.status).toBe("failed");
    expect(missing.observation).toBe(
      "ERROR UNAVAILABLE: could not hand tel:+15550100 to the system (xdg-open is not installed), so no call was placed; dial Mom (+1 555 0100) yourself",
    );
    opener = openers.failing;
    const failing = await call({ query: "mom", via: "text" }, { said: "text mom" });
    expect(failing.observation).toBe(
      "ERROR UNAVAILABLE: could not hand sms:+15550100 to the system (xdg-open exited with code 3 (xdg-open: no method available for opening 'sms:+15550100')), so no text was started; text Mom (+1 555 0100) yourself",
    );
    opener = openers.windows;
    const windows = await call({ query: "mom" }, { said: "call mom" });
    expect(windows.observation).toBe(
      "ERROR UNAVAILABLE: this system has no handler for tel: links; dial Mom (+1 555 0100) yourself",
    );
    expect(openers.spawned()).toBeUndefined();
  });

  it("hands the URI to `open` on macOS", async () => {
    opener = openers.mac;
    const done = await call({ query: "mom" }, { said: "call mom" });
    expect(done.asked[0]).toContain("Jarvis hands tel:+15550100 to open;");
    expect(done.result?.output).toBe(
      "Asked the system to call Mom (+1 555 0100): handed tel:+15550100 to open.",
    );
    expect(openers.spawned()).toEqual(["open", "tel:+15550100"]);
  });

  it("checks the signal before spawning", async () => {
    const controller = new AbortController();
    // cancelled after the contact was looked up, right before the handler would start
    opener = {
      argv: (uri) => {
        controller.abort();
        return openers.linux.argv(uri);
      },
      run: openers.linux.run,
    };
    const tool = harness.runtime.registry.get("contacts_call")!.definition;
    const ctx = {
      signal: controller.signal,
      runId: "run_abort",
      callId: "call_abort",
      handles: new MemoryHandleStore(),
      logger: silentLogger,
      clock: harness.clock,
    };
    await expect(tool.execute({ query: "mom" }, ctx)).rejects.toThrow(/abort/i);
    expect(openers.spawned()).toBeUndefined();
  });
});
