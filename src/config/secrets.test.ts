import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { parseConfigText } from "./load.js";
import {
  type CredentialSpec,
  describeSecretSource,
  type Keychain,
  type ProgramRunner,
  resolveCredentials,
  systemKeychain,
} from "./secrets.js";

/** Records every spawn (program + argv + stdin) and answers like the real program would. */
function recordingRunner(answers: Record<string, { code: number; stdout?: string; stderr?: string }>) {
  const calls: Array<{ program: string; args: string[]; input?: string }> = [];
  const run: ProgramRunner = async (program, args, options = {}) => {
    calls.push({ program, args, ...(options.input !== undefined ? { input: options.input } : {}) });
    const answer = answers[args[0] ?? ""] ?? { code: 0 };
    return { code: answer.code, stdout: answer.stdout ?? "", stderr: answer.stderr ?? "" };
  };
  return { run, calls };
}

const emptyKeychain: Keychain = {
  unavailable: async () => undefined,
  get: async () => undefined,
  set: async () => {},
  delete: async () => false,
};

const spec = (fields: Partial<CredentialSpec>): CredentialSpec => ({ auth: "password", ...fields });

describe("OS keychain adapters", () => {
  it("Linux: secret-tool with attributes as argv and the secret on stdin only", async () => {
    const { run, calls } = recordingRunner({ lookup: { code: 0, stdout: "s3cret\n" } });
    const keychain = systemKeychain({ platform: "linux", run });
    await keychain.set("personal/imap", "s3cret");
    expect(await keychain.get("personal/imap")).toBe("s3cret");
    await keychain.delete("personal/imap");
    expect(calls).toEqual([
      {
        program: "secret-tool",
        args: ["store", "--label", "Jarvis personal/imap", "service", "jarvis", "account", "personal/imap"],
        input: "s3cret",
      },
      { program: "secret-tool", args: ["lookup", "service", "jarvis", "account", "personal/imap"] },
      { program: "secret-tool", args: ["clear", "service", "jarvis", "account", "personal/imap"] },
    ]);
  });

  it("Linux: a missing entry is undefined; a locked keyring is one clear error", async () => {
    const missing = systemKeychain({ platform: "linux", run: recordingRunner({ lookup: { code: 1 } }).run });
    expect(await missing.get("x")).toBeUndefined();
    const locked = systemKeychain({
      platform: "linux",
      run: recordingRunner({
        lookup: { code: 1, stderr: "secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY\n" },
      }).run,
    });
    await expect(locked.get("x")).rejects.toThrow(
      "secret-tool could not read x: secret-tool: Cannot autolaunch D-Bus",
    );
  });

  it("macOS: security reads with -w and stores through `security -i` so the secret is never in argv", async () => {
    const { run, calls } = recordingRunner({
      "find-generic-password": { code: 0, stdout: "pw\n" },
      "-i": { code: 0 },
    });
    const keychain = systemKeychain({ platform: "darwin", run });
    expect(await keychain.get("work/smtp")).toBe("pw");
    await keychain.set("work/smtp", 'p"w\\1');
    expect(calls[0]).toEqual({
      program: "security",
      args: ["find-generic-password", "-s", "jarvis", "-a", "work/smtp", "-w"],
    });
    expect(calls[1]!.args).toEqual(["-i"]);
    expect(calls[1]!.input).toBe('add-generic-password -U -s "jarvis" -a "work/smtp" -w "p\\"w\\\\1"\n');
    expect(calls.flatMap((c) => c.args).join(" ")).not.toContain('p"w');
    const notFound = systemKeychain({
      platform: "darwin",
      run: recordingRunner({ "find-generic-password": { code: 44 } }).run,
    });
    expect(await notFound.get("x")).toBeUndefined();
  });

  it("a missing secret-tool program says how to install it", async () => {
    const run: ProgramRunner = async () => {
      throw Object.assign(new Error("spawn secret-tool ENOENT"), { code: "ENOENT" });
    };
    const keychain = systemKeychain({ platform: "linux", run });
    expect(await keychain.unavailable()).toBe(
      "secret-tool is not installed (apt-get install libsecret-tools)",
    );
    await expect(keychain.get("x")).rejects.toThrow("the OS keychain is not available");
  });
});

describe("resolveCredentials", () => {
  const context = (env: NodeJS.ProcessEnv = {}, keychain: Keychain = emptyKeychain) => ({ env, keychain });

  it("takes the env variable, then the clear password, then the keychain (default key <account>/<service>)", async () => {
    const asked: string[] = [];
    const keychain: Keychain = {
      ...emptyKeychain,
      get: async (key) => {
        asked.push(key);
        return "from-keychain";
      },
    };
    expect(
      await resolveCredentials(
        "p",
        "imap",
        spec({ password_env: "PW" }),
        "ada",
        context({ PW: "from-env" }, keychain),
      ),
    ).toMatchObject({
      password: "from-env",
      source: "env",
    });
    expect(
      await resolveCredentials("p", "imap", spec({ password: "clear" }), "ada", context({}, keychain)),
    ).toMatchObject({ source: "file" });
    expect(await resolveCredentials("p", "imap", spec({}), "ada", context({}, keychain))).toMatchObject({
      password: "from-keychain",
    });
    expect(
      await resolveCredentials(
        "p",
        "caldav",
        spec({ password_keychain: "shared" }),
        "ada",
        context({}, keychain),
      ),
    ).toMatchObject({
      user: "ada",
    });
    expect(asked).toEqual(["p/imap", "shared"]);
  });

  it("fails with one line naming account, service and fix, never the secret", async () => {
    await expect(
      resolveCredentials("p", "imap", spec({ password_env: "NOPE" }), "ada", context()),
    ).rejects.toThrow("p (imap): environment variable NOPE is not set");
    await expect(resolveCredentials("p", "smtp", spec({}), "ada", context())).rejects.toThrow(
      'p (smtp): no secret in the keychain under "p/smtp"',
    );
    await expect(resolveCredentials("p", "caldav", spec({}), undefined, context())).rejects.toThrow(
      "p (caldav) has no user",
    );
  });

  it("XOAUTH2: a token from the environment, or refreshed at the token endpoint (real HTTP)", async () => {
    expect(
      await resolveCredentials(
        "g",
        "imap",
        { auth: "xoauth2", oauth2: { access_token_env: "TOKEN" } },
        "ada",
        context({ TOKEN: "ya29" }),
      ),
    ).toEqual({ user: "ada", kind: "xoauth2", accessToken: "ya29", source: "oauth2" });

    const bodies: string[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (c) => (body += c));
      request.on("end", () => {
        bodies.push(body);
        const ok = new URLSearchParams(body).get("refresh_token") === "refresh-me";
        response.writeHead(ok ? 200 : 400, { "content-type": "application/json" });
        response.end(
          JSON.stringify(ok ? { access_token: "fresh", expires_in: 3600 } : { error: "invalid_grant" }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
    try {
      const oauth2 = {
        token_url: url,
        client_id: "jarvis",
        client_secret_env: "SECRET",
        refresh_token_env: "REFRESH",
      };
      const fresh = await resolveCredentials(
        "g",
        "imap",
        { auth: "xoauth2", oauth2 },
        "ada",
        context({ REFRESH: "refresh-me", SECRET: "s" }),
      );
      expect(fresh).toMatchObject({ kind: "xoauth2", accessToken: "fresh" });
      expect(new URLSearchParams(bodies[0]).get("grant_type")).toBe("refresh_token");
      await expect(
        resolveCredentials(
          "g",
          "imap",
          { auth: "xoauth2", oauth2 },
          "ada",
          context({ REFRESH: "stale", SECRET: "s" }),
        ),
      ).rejects.toThrow("g (imap): the OAuth2 token refresh failed (invalid_grant)");
    } finally {
      server.close();
    }
  });

  it("describes where a secret lives without revealing it; clear text is flagged", () => {
    expect(describeSecretSource("p", "imap", spec({}))).toEqual({
      source: "keychain",
      detail: "password from keychain p/imap",
    });
    const clear = describeSecretSource("p", "imap", spec({ password: "hunter2" }));
    expect(clear.warning).toContain("stored in clear");
    expect(JSON.stringify(clear)).not.toContain("hunter2");
  });
});

describe("mail and calendar account config", () => {
  it("accepts the issue's example and refuses bad values with one line naming the key", () => {
    const config = parseConfigText(`
mail:
  accounts:
    - name: personal
      from: "Ada <ada@example.com>"
      imap: { host: imap.example.com, port: 993, secure: true, user: ada }
      smtp: { host: smtp.example.com, port: 465, secure: true, user: ada }
calendar:
  accounts:
    - name: personal
      caldav: { url: "https://dav.example.com/", user: ada }
`);
    expect(config.mail.accounts[0]!.imap).toMatchObject({
      host: "imap.example.com",
      auth: "password",
      tls_verify: true,
    });
    expect(config.calendar.working_hours).toEqual({ start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] });
    const refused: Array<[string, string]> = [
      [
        "mail: { accounts: [ { name: Work, from: a@b.example, imap: { host: h, user: u } } ] }",
        "mail.accounts.0.name must be 1-32 lowercase",
      ],
      [
        "mail: { accounts: [ { name: w, from: nobody, imap: { host: h, user: u } } ] }",
        'mail.accounts.0.from must be an address, e.g. "Ada <ada@example.com>"',
      ],
      [
        "mail: { accounts: [ { name: w, from: a@b.example, imap: { host: h, user: u, pasword: x } } ] }",
        "mail.accounts.0.imap.pasword is not a known key",
      ],
      [
        "mail: { accounts: [ { name: w, from: a@b.example, imap: { host: h, user: u, port: 0 } } ] }",
        "mail.accounts.0.imap.port must be at least 1",
      ],
      [
        "mail: { accounts: [ { name: w, from: a@b.example, imap: { host: h, user: u, password_env: 'x y' } } ] }",
        "password_env must be an environment variable name",
      ],
      ["calendar: { accounts: [ { name: w } ] }", "calendar.accounts.0 needs caldav, carddav or local"],
      [
        "calendar: { timezone: Mars/Olympus }",
        "calendar.timezone must be an IANA time zone such as Europe/Berlin",
      ],
      [
        "calendar: { working_hours: { start: '18:00', end: '09:00' } }",
        "calendar.working_hours start must be before end",
      ],
      ["calendar: { working_hours: { days: [0] } }", "calendar.working_hours.days.0 must be at least 1"],
    ];
    for (const [yaml, message] of refused) {
      expect(() => parseConfigText(yaml), yaml).toThrow(message);
    }
  });
});
