/** Embeds text into vectors; every backend (HTTP, ONNX) sits behind this one interface. */
export interface Embedder {
  /** Names the vector space (`provider:model`): vectors from different ids never mix. */
  readonly id: string;
  embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

export interface EmbedOptions {
  /** Queries and documents may need different prefixes (e5, nomic); the wrapper adds them. */
  kind: "query" | "document";
  signal?: AbortSignal | undefined;
}

/** Scales a vector to unit length so cosine distance is a dot product. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** Adds the configured query/document prefixes around any embedder. */
export function withPrefixes(embedder: Embedder, queryPrefix: string, documentPrefix: string): Embedder {
  if (!queryPrefix && !documentPrefix) return embedder;
  return {
    id: embedder.id,
    embed(texts, options) {
      const prefix = options.kind === "query" ? queryPrefix : documentPrefix;
      return embedder.embed(
        texts.map((t) => prefix + t),
        options,
      );
    },
    close: embedder.close?.bind(embedder),
  };
}
