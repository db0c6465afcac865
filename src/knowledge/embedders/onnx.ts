import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { InferenceSession, Tensor } from "onnxruntime-node";
import { JarvisError } from "../../core/errors.js";
import { type Embedder, type EmbedOptions, normalize } from "./types.js";
import { type Encoding, WordPieceTokenizer } from "./wordpiece.js";

export type Pooling = "mean" | "cls";

export interface OnnxModelFiles {
  dir: string;
  model: string;
  tokenizer: string;
  pooling: Pooling;
  maxLength?: number | undefined;
}

/**
 * Finds the files of a sentence-transformers model exported to ONNX in a directory the user
 * gave (nothing is ever downloaded): `model.onnx` or `onnx/model.onnx`, `tokenizer.json`, and
 * the pooling from `1_Pooling/config.json` (mean when absent, as for most exports).
 */
export function locateOnnxModel(dir: string): OnnxModelFiles {
  if (!existsSync(dir)) {
    throw new JarvisError("CONFIG_INVALID", `embeddings.model_dir ${dir} does not exist`, {
      fix: "point it at a folder holding model.onnx and tokenizer.json",
    });
  }
  const model = ["model.onnx", "onnx/model.onnx", "model_quantized.onnx", "onnx/model_quantized.onnx"]
    .map((f) => join(dir, f))
    .find((f) => existsSync(f));
  const tokenizer = join(dir, "tokenizer.json");
  if (!model || !existsSync(tokenizer)) {
    throw new JarvisError("CONFIG_INVALID", `${dir} has no ${model ? "tokenizer.json" : "model.onnx"}`, {
      fix: "use an ONNX export of a sentence embedder (model.onnx + tokenizer.json)",
    });
  }
  let pooling: Pooling = "mean";
  const poolingFile = join(dir, "1_Pooling", "config.json");
  if (existsSync(poolingFile)) {
    const config = JSON.parse(readFileSync(poolingFile, "utf8")) as Record<string, unknown>;
    if (config.pooling_mode_cls_token === true) pooling = "cls";
  }
  let maxLength: number | undefined;
  const tokenizerConfig = join(dir, "tokenizer_config.json");
  if (existsSync(tokenizerConfig)) {
    const config = JSON.parse(readFileSync(tokenizerConfig, "utf8")) as { model_max_length?: number };
    if (typeof config.model_max_length === "number" && config.model_max_length < 100_000) {
      maxLength = config.model_max_length;
    }
  }
  return { dir, model, tokenizer, pooling, maxLength };
}

/** Runs a local ONNX sentence embedder with onnxruntime-node (CPU). */
export class OnnxEmbedder implements Embedder {
  readonly id: string;
  private session: Promise<InferenceSession> | undefined;
  private readonly tokenizer: WordPieceTokenizer;

  constructor(
    private readonly files: OnnxModelFiles,
    private readonly batchSize = 16,
  ) {
    this.id = `onnx:${basename(files.dir)}`;
    this.tokenizer = new WordPieceTokenizer(
      JSON.parse(readFileSync(files.tokenizer, "utf8")),
      files.maxLength,
    );
  }

  static fromDirectory(dir: string): OnnxEmbedder {
    return new OnnxEmbedder(locateOnnxModel(dir));
  }

  async embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    const session = await this.open();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      options.signal?.throwIfAborted();
      const batch = texts.slice(i, i + this.batchSize).map((t) => this.tokenizer.encode(t));
      out.push(...(await this.run(session, batch)));
    }
    return out;
  }

  async close(): Promise<void> {
    const session = await this.session?.catch(() => undefined);
    await session?.release();
    this.session = undefined;
  }

  private open(): Promise<InferenceSession> {
    this.session ??= import("onnxruntime-node").then((ort) =>
      ort.InferenceSession.create(this.files.model, {
        graphOptimizationLevel: "all",
        intraOpNumThreads: 2,
      }).catch((error: Error) => {
        this.session = undefined;
        throw new JarvisError("CONFIG_INVALID", `cannot load ${this.files.model}: ${error.message}`, {
          fix: "check the file is a valid ONNX model",
        });
      }),
    );
    return this.session;
  }

  private async run(session: InferenceSession, batch: Encoding[]): Promise<Float32Array[]> {
    const { Tensor } = await import("onnxruntime-node");
    const feeds = batchFeeds(batch, this.tokenizer.padId, session.inputNames, Tensor);
    const results = await session.run(feeds.feeds);
    const name =
      ["sentence_embedding", "last_hidden_state", "token_embeddings"].find((n) => n in results) ??
      session.outputNames[0]!;
    const output = results[name]!;
    return poolOutput(output.data as Float32Array, output.dims as number[], feeds.mask, this.files.pooling);
  }
}

/** Pads a batch to its longest sequence and builds the int64 inputs the model declares. */
export function batchFeeds(
  batch: Encoding[],
  padId: number,
  inputNames: readonly string[],
  TensorClass: typeof Tensor,
): { feeds: Record<string, Tensor>; mask: number[][] } {
  const length = Math.max(...batch.map((e) => e.ids.length));
  const ids = new BigInt64Array(batch.length * length).fill(BigInt(padId));
  const attention = new BigInt64Array(batch.length * length);
  const types = new BigInt64Array(batch.length * length);
  const mask: number[][] = [];
  batch.forEach((encoding, row) => {
    const rowMask = new Array<number>(length).fill(0);
    encoding.ids.forEach((id, col) => {
      ids[row * length + col] = BigInt(id);
      attention[row * length + col] = 1n;
      types[row * length + col] = BigInt(encoding.typeIds[col] ?? 0);
      rowMask[col] = 1;
    });
    mask.push(rowMask);
  });
  const dims = [batch.length, length];
  const available: Record<string, Tensor> = {
    input_ids: new TensorClass("int64", ids, dims),
    attention_mask: new TensorClass("int64", attention, dims),
    token_type_ids: new TensorClass("int64", types, dims),
  };
  const feeds: Record<string, Tensor> = {};
  for (const name of inputNames) {
    const tensor = available[name];
    if (!tensor) {
      throw new JarvisError(
        "CONFIG_INVALID",
        `the ONNX model wants an input "${name}" this embedder cannot give`,
        {
          fix: "use a BERT-style export with input_ids / attention_mask / token_type_ids",
        },
      );
    }
    feeds[name] = tensor;
  }
  return { feeds, mask };
}

/**
 * Turns the model output into one unit vector per input: a `[batch, dim]` output is already
 * pooled; a `[batch, tokens, dim]` output is mean-pooled over real tokens (or takes [CLS]).
 */
export function poolOutput(
  data: Float32Array,
  dims: number[],
  mask: number[][],
  pooling: Pooling,
): Float32Array[] {
  const out: Float32Array[] = [];
  if (dims.length === 2) {
    const [rows, dim] = dims as [number, number];
    for (let r = 0; r < rows; r++) out.push(normalize(data.slice(r * dim, (r + 1) * dim)));
    return out;
  }
  if (dims.length !== 3) {
    throw new JarvisError("CONFIG_INVALID", `unexpected ONNX output shape [${dims.join(", ")}]`);
  }
  const [rows, tokens, dim] = dims as [number, number, number];
  for (let r = 0; r < rows; r++) {
    const vector = new Float32Array(dim);
    if (pooling === "cls") {
      vector.set(data.subarray(r * tokens * dim, r * tokens * dim + dim));
    } else {
      let count = 0;
      for (let t = 0; t < tokens; t++) {
        if (!mask[r]?.[t]) continue;
        count += 1;
        const offset = (r * tokens + t) * dim;
        for (let d = 0; d < dim; d++) vector[d]! += data[offset + d]!;
      }
      if (count > 0) for (let d = 0; d < dim; d++) vector[d]! /= count;
    }
    out.push(normalize(vector));
  }
  return out;
}
