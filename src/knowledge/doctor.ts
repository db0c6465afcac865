import type { DoctorCheck } from "../config/doctor.js";
import { embedderFromConfig } from "./embedders/config.js";

/** `jarvis doctor`: is vector search set up, and does the embedder answer? */
export const embeddingsCheck: DoctorCheck = {
  name: "embeddings",
  area: "knowledge",
  async run(context) {
    if (!context.config)
      return { status: "warn", detail: "config.yaml does not load", fix: "fix config.yaml first" };
    let embedder: ReturnType<typeof embedderFromConfig>;
    try {
      embedder = embedderFromConfig(context.config.embeddings, context.env);
    } catch (error) {
      return { status: "error", detail: (error as Error).message, fix: "fix embeddings: in config.yaml" };
    }
    if (!embedder) {
      return {
        status: "missing",
        detail: "keyword (BM25) search only",
        fix: "for hybrid search set embeddings.provider (ollama, openai-compatible, or onnx with model_dir)",
      };
    }
    try {
      const [vector] = await embedder.embed(["jarvis doctor"], {
        kind: "query",
        signal: AbortSignal.timeout(10_000),
      });
      return { status: "ok", detail: `${embedder.id}, ${vector?.length ?? 0} dimensions` };
    } catch (error) {
      return {
        status: "error",
        detail: `${embedder.id}: ${(error as Error).message}`,
        fix: "start the embedding server or fix embeddings: in config.yaml",
      };
    } finally {
      await embedder.close?.();
    }
  },
};
