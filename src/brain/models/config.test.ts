import { describe, expect, it } from "vitest";
import { parseConfigText } from "../../config/load.js";
import { pathsFor } from "../../config/paths.js";
import { defaultConfig } from "../../config/schema.js";
import { FakeOpenAIServer } from "../../testing/fake-openai-server.js";
import { describeSpec, resolveModelSpecs } from "./config.js";
import { modelDoctorCheck } from "./doctor.js";
import { ollamaApiUrl, withPath } from "./urls.js";

const noKeychain = { get: async () => undefined };

describe("model settings", () => {
  it("uses nothing when JARVIS_MODEL_PROVIDER=none, whatever config.yaml says", async () => {
    const config = parseConfigText("models:\n  primary: { provider: ollama, model: qwen3:8b }\n");
    expect(await resolveModelSpecs(config, { JARVIS_MODEL_PROVIDER: "none" })).toEqual([]);
    expect(await resolveModelSpecs(defaultConfig(), {})).toEqual([]);
  });

  it("lets the environment replace the primary and keeps the configured fallbacks and heavy model", async () => {
    const config = parseConfigText(
      "models:\n  primary: { provider: ollama }\n  heavy: { provider: anthropic, model: big, api_key_env: BIG_KEY }\n  fallbacks:\n    - { provider: openai-compatible, base_url: 'http://127.0.0.1:1337/v1', model: jan }\n",
    );
    const specs = await resolveModelSpecs(config, {
      JARVIS_MODEL_PROVIDER: "openai-compatible",
      JARVIS_MODEL_BASE_URL: "http://127.0.0.1:8080",
      JARVIS_MODEL: "llama",
      JARVIS_MODEL_API_KEY: "sk-secret-1",
      BIG_KEY: "sk-secret-2",
    });
    expect(specs.map((s) => [s.role, s.label, s.baseUrl, s.apiKeySource])).toEqual([
      ["primary", "openai-compatible:llama", "http://127.0.0.1:8080", "JARVIS_MODEL_API_KEY"],
      ["fallback", "openai-compatible:jan", "http://127.0.0.1:1337/v1", undefined],
      ["heavy", "anthropic:big", undefined, "BIG_KEY"],
    ]);
    expect(specs.map(describeSpec).join(" ")).not.toMatch(/sk-secret/);
  });

  it("applies JARVIS_MODEL and the base URL to the configured primary when no provider is forced", async () => {
    const config = parseConfigText("models:\n  primary: { provider: ollama, model: qwen3:8b }\n");
    const [spec] = await resolveModelSpecs(config, {
      JARVIS_MODEL: "llama3.2",
      JARVIS_MODEL_BASE_URL: "http://127.0.0.1:9999",
    });
    expect(spec).toMatchObject({ provider: "ollama", model: "llama3.2", baseUrl: "http://127.0.0.1:9999" });
  });

  it("reads an API key from the keychain, and refuses a missing one with one line", async () => {
    const config = parseConfigText("models:\n  primary: { provider: openai, api_key_keychain: openai }\n");
    const [spec] = await resolveModelSpecs(
      config,
      {},
      { keychain: { get: async (key) => (key === "openai" ? "sk-k" : undefined) } },
    );
    expect(spec).toMatchObject({ apiKey: "sk-k", apiKeySource: "keychain:openai" });
    await expect(resolveModelSpecs(config, {}, { keychain: noKeychain })).rejects.toThrow(
      /models.primary: no API key "openai" in the OS keychain/,
    );
  });

  it("refuses bad overrides and settings with one clear line", async () => {
    const config = defaultConfig();
    await expect(resolveModelSpecs(config, { JARVIS_MODEL_PROVIDER: "gpt" })).rejects.toThrow(
      'JARVIS_MODEL_PROVIDER must be one of openai-compatible, ollama, anthropic, openai, none (got "gpt")',
    );
    await expect(
      resolveModelSpecs(config, {
        JARVIS_MODEL_PROVIDER: "ollama",
        JARVIS_MODEL_BASE_URL: "localhost:11434",
      }),
    ).rejects.toThrow(/JARVIS_MODEL_BASE_URL must be http or https|JARVIS_MODEL_BASE_URL is not a URL/);
    await expect(
      resolveModelSpecs(config, { JARVIS_MODEL_PROVIDER: "ollama", JARVIS_MODEL_BASE_URL: "ftp://x" }),
    ).rejects.toThrow("JARVIS_MODEL_BASE_URL must be http or https (got ftp:)");
    const needsKey = parseConfigText("models:\n  primary: { provider: anthropic, api_key_env: NOPE_KEY }\n");
    await expect(resolveModelSpecs(needsKey, {})).rejects.toThrow("models.primary: NOPE_KEY is not set");
    expect(() => parseConfigText("models:\n  primary: { provider: gpt4 }\n")).toThrow(
      /models.primary.provider must be one of/,
    );
    expect(() => parseConfigText("models:\n  fast_path_threshold: 2\n")).toThrow(
      /models.fast_path_threshold must be at most 1/,
    );
  });

  it("adds the API path only to a bare origin, and sends Ollama to its native API", () => {
    expect(withPath("http://127.0.0.1:8080", "/v1")).toBe("http://127.0.0.1:8080/v1");
    expect(withPath("http://127.0.0.1:1337/v1/", "/v1")).toBe("http://127.0.0.1:1337/v1");
    expect(withPath("http://host/openai/v1", "/v1")).toBe("http://host/openai/v1");
    expect(ollamaApiUrl("http://127.0.0.1:11434")).toBe("http://127.0.0.1:11434/api");
    expect(ollamaApiUrl("http://127.0.0.1:11434/v1")).toBe("http://127.0.0.1:11434/api");
    expect(ollamaApiUrl("http://127.0.0.1:11434/api/")).toBe("http://127.0.0.1:11434/api");
  });
});

describe("doctor", () => {
  const context = (env: NodeJS.ProcessEnv) => ({
    config: defaultConfig(),
    configError: undefined,
    paths: pathsFor("/nonexistent"),
    env,
  });

  it("says how to set up a model when none is configured", async () => {
    const result = await modelDoctorCheck.run(context({ JARVIS_MODEL_PROVIDER: "none" }));
    expect(result.status).toBe("missing");
    expect(result.fix).toMatch(/JARVIS_MODEL_PROVIDER=ollama/);
  });

  it("probes a local server: reachable is ok, a closed port is a warning", async () => {
    const server = await FakeOpenAIServer.start([]);
    const env = { JARVIS_MODEL_PROVIDER: "openai-compatible", JARVIS_MODEL_BASE_URL: server.url };
    const up = await modelDoctorCheck.run(context(env));
    expect(up.status).toBe("ok");
    expect(up.detail).toMatch(
      /primary: openai-compatible:default at http:\/\/127\.0\.0\.1:\d+\/v1 \(reachable\)/,
    );
    await server.close();
    const down = await modelDoctorCheck.run(context(env));
    expect(down.status).toBe("warn");
    expect(down.detail).toMatch(/not reachable/);
  });
});
