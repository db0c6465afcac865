import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCTOR_MCP_CHECK } from "../../src/extend/mcp/doctor.js";
import { runDoctor } from "../../src/runtime/doctor/index.js";
import { runCliInProcess } from "../../src/testing/cli.js";
import { installFakeSecretTool } from "../../src/testing/fake-secret-tool.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { EVERYTHING_SERVER, NODE } from "./harness.js";

/** `jarvis mcp add|list|test|remove` and doctor, in process, with the keychain's argv contract faked. */
describe("jarvis mcp", () => {
  let temp: TempHome;
  let env: NodeJS.ProcessEnv;
  let keyring: string;
  const configPath = () => join(temp.jarvisHome, "config.yaml");
  const config = () => (existsSync(configPath()) ? readFileSync(configPath(), "utf8") : "");

  beforeAll(() => {
    temp = createTempHome("jarvis-mcp-cli-");
    ({ env, keyring } = installFakeSecretTool(temp.dir, { ...temp.env, PATH: process.env.PATH }));
  });
  afterAll(() => temp?.cleanup());

  const jarvis = (args: string[], input = "") => runCliInProcess(args, { env, input });

  it("adds a stdio server, lists it, and tests it: protocol, tools and their tiers", async () => {
    const added = await jarvis(["mcp", "add", "everything", "--", NODE, EVERYTHING_SERVER, "stdio"]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("added everything (stdio:");
    expect(config()).toContain("everything:");

    const listed = await jarvis(["mcp", "list"]);
    expect(listed.stdout).toMatch(
      /^everything\s+stdio dangerous\s+not connected \(Jarvis is not running\)$/m,
    );

    const tested = await jarvis(["mcp", "test", "everything"]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(
      /^ok {3}everything: mcp-servers\/everything \S+, protocol 2025-11-25, 14 tools in \d+ ms$/m,
    );
    expect(tested.stdout).toMatch(/^ {5}everything__echo\s+dangerous\s+exec$/m);

    const doctor = await runDoctor(env, [DOCTOR_MCP_CHECK]);
    expect(doctor).toEqual([expect.objectContaining({ name: "mcp everything", status: "ok" })]);
    expect(doctor[0]?.detail).toMatch(/^ready, 14 tools \(protocol 2025-11-25\)$/);
  });

  it("says once, when a server is added through npx, that npx slows every start and how to avoid it", async () => {
    const added = await jarvis([
      "mcp",
      "add",
      "viafetch",
      "--",
      "npx",
      "-y",
      "@example/some-server",
      "--flag",
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("npm install -g @example/some-server");
    expect((await jarvis(["mcp", "remove", "viafetch"])).code).toBe(0);
  });

  it("lists and reads a server's resources and prompts", async () => {
    const resources = await jarvis(["mcp", "resources", "everything"]);
    expect(resources.code, resources.stderr).toBe(0);
    const uri = /^(\S+)\s.*\(text\/\w+\)$/m.exec(resources.stdout)?.[1];
    expect(uri).toBeTruthy();
    const read = await jarvis(["mcp", "read", "everything", uri!]);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout.length).toBeGreaterThan(0);
    const prompts = await jarvis(["mcp", "prompts", "everything"]);
    expect(prompts.stdout).toMatch(/^simple-prompt/m);
    const prompt = await jarvis(["mcp", "prompt", "everything", "simple-prompt"]);
    expect(prompt.code, prompt.stderr).toBe(0);
    expect(prompt.stdout).toMatch(/^user: /m);
  });

  it("stores a bearer token in the keychain and only its name in config.yaml; remove takes both away", async () => {
    const added = await jarvis(
      ["mcp", "add", "remote", "--url", "https://mcp.example.com/mcp", "--bearer-secret"],
      "s3cret-token\n",
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("secrets in the OS keychain: mcp/remote/Authorization");
    expect(readFileSync(join(keyring, "mcp_remote_Authorization"), "utf8")).toBe("s3cret-token");
    expect(config()).not.toContain("s3cret-token");
    expect(config()).toMatch(/Authorization:\s+keychain: mcp\/remote\/Authorization\s+prefix: "Bearer "/);

    const removed = await jarvis(["mcp", "remove", "remote"]);
    expect(removed.stdout).toBe("removed remote and 1 keychain entry\n");
    expect(config()).not.toContain("remote:");
    expect(existsSync(join(keyring, "mcp_remote_Authorization"))).toBe(false);
    expect(config()).toContain("everything:"); // the rest of the file is kept
  });

  it("refuses a secret written inline with one line naming the key path, and changes nothing", async () => {
    const before = config();
    const leaky = await jarvis([
      "mcp",
      "add",
      "leaky",
      "--url",
      "https://mcp.example.com/mcp",
      "--header",
      "Authorization: Bearer abcdefghijklmnopqrstu",
    ]);
    expect(leaky.code).toBe(1);
    expect(leaky.stderr.trim().split("\n")).toHaveLength(1);
    expect(leaky.stderr).toMatch(
      /^CONFIG_INVALID: config\.yaml: mcp\.servers\.leaky\.headers\.Authorization is a secret written inline/,
    );
    const envSecret = await jarvis([
      "mcp",
      "add",
      "gh",
      "--env",
      "GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuv",
      "--",
      "gh-mcp",
    ]);
    expect(envSecret.stderr).toMatch(/mcp\.servers\.gh\.env\.GITHUB_TOKEN is a secret written inline/);
    expect(config()).toBe(before);
  });

  it("names the fix for a bad name, a missing command and a broken config.yaml", async () => {
    const name = await jarvis(["mcp", "add", "My-Server", "--", "x"]);
    expect(name).toMatchObject({ code: 2 });
    expect(name.stderr).toMatch(/^USAGE: "My-Server" is not a usable server name \(use 1-31 lowercase/);

    expect((await jarvis(["mcp", "add", "missing", "--", "/nowhere/mcp-server"])).code).toBe(0);
    const tested = await jarvis(["mcp", "test", "missing"]);
    expect(tested.code).toBe(1);
    expect(tested.stderr).toBe(
      "UNAVAILABLE: MCP server missing could not start: /nowhere/mcp-server was not found (install it, or correct mcp.servers.missing.command)\n",
    );

    const good = config();
    temp.writeConfig(`${good}      tier: reckless\n`);
    const broken = config();
    const listed = await jarvis(["mcp", "list"]);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toMatch(
      /^CONFIG_INVALID: config\.yaml: mcp\.servers\.missing\.tier must be one of safe, caution, dangerous, destructive/,
    );
    const added = await jarvis(["mcp", "add", "another", "--", "x"]);
    expect(added.code).toBe(1);
    expect(config()).toBe(broken);
    temp.writeConfig(good);
  });
});
