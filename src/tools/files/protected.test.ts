import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load.js";
import { PROTECTED_NAMES, PROTECTED_PATHS } from "../../config/protected.js";
import { runDoctor } from "../../runtime/doctor/index.js";
import { securityWarnings } from "../../runtime/warnings.js";
import { createToolHarness, outputOf, type ToolHarness } from "../../testing/tool-harness.js";
import { createShellTools } from "../shell/run.js";
import { createFilesTools } from "./index.js";

// Credentials outside ~/.ssh: each file holds a planted secret; no read through any tool may
// return it, including through a symlink from an allowed folder.

const SECRET = "planted-credential-7731";
const CREDENTIAL_FILES = [
  ".git-credentials",
  ".config/gh/hosts.yml",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".bash_history",
  ".zsh_history",
  ".python_history",
  ".local/share/fish/fish_history",
  ".config/rclone/rclone.conf",
  ".aws/credentials",
  ".config/gcloud/application_default_credentials.json",
  ".azure/accessTokens.json",
  ".kube/config",
  ".docker/config.json",
  ".netrc",
  ".local/share/keyrings/login.keyring",
  ".mozilla/firefox/x.default/logins.json",
  ".config/google-chrome/Default/Cookies",
  ".config/chromium/Default/Login Data",
  "Documents/project/.env",
  "Documents/project/.env.production",
  "Documents/backup/id_ed25519",
  "Documents/backup/server.pem",
  "Documents/vault.kdbx",
];

let h: ToolHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function plant(home: string): void {
  for (const file of CREDENTIAL_FILES) {
    mkdirSync(dirname(join(home, file)), { recursive: true });
    writeFileSync(join(home, file), `token=${SECRET}\n`);
  }
}

describe("built-in protected files", () => {
  it("refuses to read every credential file, directly, by ~ and through a symlink", async () => {
    h = createToolHarness((deps) => [...createFilesTools(deps), ...createShellTools(deps)]);
    plant(h.home);
    symlinkSync(join(h.home, ".git-credentials"), join(h.home, "Documents", "innocent.txt"));
    symlinkSync(join(h.home, ".config", "gh"), join(h.home, "Documents", "gh-link"));
    const attempts: Array<[string, Record<string, unknown>]> = [
      ...CREDENTIAL_FILES.map((file): [string, Record<string, unknown>] => [
        "files_read",
        { path: `~/${file}` },
      ]),
      ...CREDENTIAL_FILES.map((file): [string, Record<string, unknown>] => [
        "files_read",
        { path: join(h!.home, file) },
      ]),
      ["files_read", { path: "~/Documents/innocent.txt" }],
      ["files_read", { path: "~/Documents/gh-link/hosts.yml" }],
      ["files_list", { path: "~/.config/gh" }],
      ["files_list", { path: "~/Documents/gh-link" }],
      ["shell_run", { command: "ls", args: ["-la", ".config/rclone"] }],
      ["shell_run", { command: "du", args: ["-a", "Documents/project/.env"] }],
    ];
    for (const [tool, args] of attempts) {
      const outcome = await h.call(tool, args);
      // the gate refuses a path argument; shell_run's own rules deny one inside its argv
      expect([outcome.status, outcome.code], `${tool} ${JSON.stringify(args)}`).toEqual([
        tool === "shell_run" ? "denied" : "refused",
        "PATH_DENIED",
      ]);
      expect(JSON.stringify(outcome)).not.toContain(SECRET);
    }
    // search never opens them either
    const search = await h.call("files_search", {
      query: "token=",
      path: "~",
      match: "content",
      hidden: true,
    });
    expect([search.status, (search.data as { matches: unknown[] }).matches]).toEqual(["ok", []]);
    // writing one is refused too (a planted ~/.npmrc could redirect installs)
    const write = await h.call("files_write", { path: "~/Documents/project/.env", content: "x" });
    expect(write.code).toBe("PATH_DENIED");
    // ordinary files next to them stay readable
    writeFileSync(join(h.home, "Documents", "project", "README.md"), "hello");
    const readme = await h.call("files_read", { path: "~/Documents/project/README.md" });
    expect([readme.status, outputOf(readme)]).toEqual(["ok", expect.stringContaining("hello")]);
  });

  it("lets files.deny extend the list; only files.unprotect lifts an entry, with a warning", async () => {
    h = createToolHarness(
      (deps) => createFilesTools(deps),
      'files:\n  deny: ["~/Documents/private"]\n  unprotect: [".npmrc", ".env"]\n',
    );
    plant(h.home);
    mkdirSync(join(h.home, "Documents", "private"));
    writeFileSync(join(h.home, "Documents", "private", "diary.txt"), SECRET);
    expect((await h.call("files_read", { path: "~/Documents/private/diary.txt" })).code).toBe("PATH_DENIED");
    expect((await h.call("files_read", { path: "~/.npmrc" })).status).toBe("ok");
    expect((await h.call("files_read", { path: "~/Documents/project/.env" })).status).toBe("ok");
    // the rest stays protected, and .env.* is its own entry
    expect((await h.call("files_read", { path: "~/.pypirc" })).code).toBe("PATH_DENIED");
    expect((await h.call("files_read", { path: "~/Documents/project/.env.production" })).code).toBe(
      "PATH_DENIED",
    );
    const warnings = securityWarnings(h.runtime.config);
    expect(warnings).toEqual([expect.stringContaining(".npmrc, .env")]);
    const doctor = await runDoctor(h.temp.env);
    expect(doctor.find((r) => r.name === "protected files")).toMatchObject({
      status: "warn",
      detail: expect.stringContaining(".npmrc"),
    });
  });

  it("refuses an unprotect entry that is not on the built-in list, naming the key", () => {
    const home = createToolHarness(() => []);
    h = home;
    home.temp.writeConfig('files:\n  unprotect: ["~/.ssh/id_rsa"]\n');
    expect(() => loadConfig(join(home.temp.jarvisHome, "config.yaml"))).toThrow(
      /files\.unprotect\.0.*"~\/\.ssh\/id_rsa" is not on the built-in protected list/,
    );
  });

  it("keeps the lists free of duplicates", () => {
    expect(new Set(PROTECTED_PATHS).size).toBe(PROTECTED_PATHS.length);
    expect(new Set(PROTECTED_NAMES).size).toBe(PROTECTED_NAMES.length);
  });
});
