import { describe, expect, it } from "vitest";
import { FakeOpenAIServer } from "../../testing/fake-openai-server.js";
import { lazyLanguageModel, PROVIDER_NAMES } from "./lazy.js";
import { languageModelFor } from "./providers.js";
import type { ModelProvider, ModelSpec } from "./types.js";

const spec = (provider: ModelProvider, baseUrl?: string): ModelSpec => ({
  provider,
  model: "model-1",
  label: `${provider}:model-1`,
  role: "primary",
  timeoutMs: 10_000,
  tools: 20,
  contextTokens: 32_768,
  apiKey: "key",
  ...(baseUrl ? { baseUrl } : {}),
});

describe("lazyLanguageModel: the provider loads on the first call", () => {
  it("says what the loaded model says (the SDK's records and logs name it)", () => {
    for (const provider of Object.keys(PROVIDER_NAMES) as ModelProvider[]) {
      const lazy = lazyLanguageModel(spec(provider));
      const loaded = languageModelFor(spec(provider)) as typeof lazy;
      expect([lazy.specificationVersion, lazy.provider, lazy.modelId], provider).toEqual([
        loaded.specificationVersion,
        loaded.provider,
        loaded.modelId,
      ]);
    }
  });

  it("streams a real answer from an OpenAI-compatible server", async () => {
    const server = await FakeOpenAIServer.start(() => ({ text: "hello from the server" }));
    try {
      const model = lazyLanguageModel(spec("openai-compatible", server.url));
      const { streamText } = await import("ai");
      const result = streamText({ model, prompt: "say hello" });
      expect(await result.text).toBe("hello from the server");
      expect(server.requests.length).toBe(1);
    } finally {
      await server.close();
    }
  });
});
