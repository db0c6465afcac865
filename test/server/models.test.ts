import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testModelConnection } from "../../src/server/models-test.js";

/** Serves the model-listing endpoints of Ollama (/api/tags) and OpenAI-compatible servers (/v1/models). */
let server: Server;
let base: string;
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: req.headers });
    res.setHeader("content-type", "application/json");
    if (req.url === "/api/tags")
      res.end(JSON.stringify({ models: [{ name: "qwen3:8b" }, { name: "llama3.2:3b" }] }));
    else if (req.url === "/v1/models") {
      if (req.headers.authorization !== "Bearer sk-good") {
        res.statusCode = 401;
        res.end("{}");
      } else res.end(JSON.stringify({ data: [{ id: "local-model" }] }));
    } else {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("test connection", () => {
  it("lists an Ollama server's models and checks the configured one is there", async () => {
    expect(
      await testModelConnection({ provider: "ollama", base_url: base, model: "qwen3:8b" }, {}),
    ).toMatchObject({
      ok: true,
      models: ["qwen3:8b", "llama3.2:3b"],
      message: expect.stringMatching(/^connected to ollama:qwen3:8b in \d+ ms$/),
    });
    const missing = await testModelConnection(
      { provider: "ollama", base_url: `${base}/v1`, model: "mistral" },
      {},
    );
    expect(missing).toMatchObject({ ok: false, message: expect.stringContaining('no model "mistral"') });
    expect(seen.at(-1)?.path).toBe("/api/tags");
  });

  it("sends the key from the named variable to an OpenAI-compatible server, and reports a refusal", async () => {
    const env = { MY_KEY: "sk-good", BAD_KEY: "sk-bad" };
    const good = await testModelConnection(
      { provider: "openai-compatible", base_url: base, model: "local-model", api_key_env: "MY_KEY" },
      env,
    );
    expect(good.ok).toBe(true);
    const bad = await testModelConnection(
      { provider: "openai-compatible", base_url: base, api_key_env: "BAD_KEY" },
      env,
    );
    expect(bad).toMatchObject({
      ok: false,
      message: expect.stringMatching(/refused the API key \(HTTP 401\)/),
    });
    const unset = await testModelConnection({ provider: "openai", api_key_env: "NOPE" }, env);
    expect(unset).toMatchObject({ ok: false, message: expect.stringMatching(/NOPE is not set/) });
  });

  it("reports an unreachable server and refuses an invalid entry naming the field", async () => {
    const down = await testModelConnection(
      { provider: "ollama", base_url: "http://127.0.0.1:9" },
      {},
      { timeoutMs: 2_000 },
    );
    expect(down).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^cannot reach http:\/\/127\.0\.0\.1:9/),
    });
    await expect(testModelConnection({ provider: "ollama", base_url: "nope" }, {})).rejects.toMatchObject({
      status: 400,
      extra: { path: "model.base_url" },
    });
    await expect(testModelConnection({ provider: "gpt" }, {})).rejects.toMatchObject({ status: 400 });
    expect(await testModelConnection({ provider: "none" }, {})).toMatchObject({ ok: false });
  });
});
