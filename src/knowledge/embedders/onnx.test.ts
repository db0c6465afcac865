import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { embedderFromConfig } from "./config.js";
import { locateOnnxModel, OnnxEmbedder, poolOutput } from "./onnx.js";
import { tinyEmbeddingModel } from "./tiny-onnx.js";
import { preTokenize, WordPieceTokenizer } from "./wordpiece.js";

const VOCAB = [
  "[PAD]",
  "[UNK]",
  "[CLS]",
  "[SEP]",
  "the",
  "cat",
  "dog",
  "sat",
  "un",
  "##believ",
  "##able",
  ",",
  "!",
  "cafe",
];

function tokenizerJson(extra: Record<string, unknown> = {}) {
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      special_tokens: {
        "[CLS]": { id: "[CLS]", ids: [2], tokens: ["[CLS]"] },
        "[SEP]": { id: "[SEP]", ids: [3], tokens: ["[SEP]"] },
      },
    },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])),
    },
    ...extra,
  };
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function modelDir(options: { pooling?: "cls" } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-onnx-"));
  dirs.push(dir);
  // Row i of the table is the embedding of token i: cat and dog point the same way, "the" elsewhere.
  const table = VOCAB.map((token, i) =>
    token === "cat" || token === "dog"
      ? [1, 1, 0, 0]
      : token === "the"
        ? [0, 0, 1, 0]
        : [0, 0, 0, (i % 3) + 1],
  );
  mkdirSync(join(dir, "onnx"));
  writeFileSync(join(dir, "onnx", "model.onnx"), tinyEmbeddingModel(table));
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson()));
  if (options.pooling === "cls") {
    mkdirSync(join(dir, "1_Pooling"));
    writeFileSync(join(dir, "1_Pooling", "config.json"), JSON.stringify({ pooling_mode_cls_token: true }));
  }
  return dir;
}

describe("WordPieceTokenizer", () => {
  it("normalizes, splits punctuation and applies greedy longest-match word pieces", () => {
    const tokenizer = new WordPieceTokenizer(tokenizerJson());
    expect(tokenizer.encode("The CAT sat, unbelievable!").ids).toEqual([2, 4, 5, 7, 11, 8, 9, 10, 12, 3]);
    expect(tokenizer.encode("Café").ids).toEqual([2, 13, 3]); // accents stripped with lowercase
    expect(tokenizer.encode("zebra").ids).toEqual([2, 1, 3]); // unknown word → [UNK]
  });

  it("truncates to the model's maximum length keeping [CLS] and [SEP]", () => {
    const tokenizer = new WordPieceTokenizer(tokenizerJson({ truncation: { max_length: 5 } }));
    expect(tokenizer.encode("the cat sat the dog the cat").ids).toEqual([2, 4, 5, 7, 3]);
  });

  it("refuses tokenizers that are not WordPiece with a clear fix", () => {
    expect(() => new WordPieceTokenizer({ model: { type: "Unigram" } } as never)).toThrow(
      /Unigram is not supported/,
    );
  });

  it("pre-tokenizes like BERT: ASCII symbols split, other symbols stay in words", () => {
    expect(preTokenize("a+b=c €5 don't")).toEqual(["a", "+", "b", "=", "c", "€5", "don", "'", "t"]);
  });
});

describe("poolOutput", () => {
  it("mean-pools over real tokens only and normalizes", () => {
    const data = Float32Array.from([1, 0, 3, 0, 100, 100]); // 1 row, 3 tokens, dim 2; last is padding
    const [vector] = poolOutput(data, [1, 3, 2], [[1, 1, 0]], "mean");
    expect(Array.from(vector!).map((x) => Number(x.toFixed(4)))).toEqual([1, 0]);
  });

  it("takes the [CLS] vector with cls pooling, and passes 2-d outputs through", () => {
    const [cls] = poolOutput(Float32Array.from([0, 2, 5, 5]), [1, 2, 2], [[1, 1]], "cls");
    expect(Array.from(cls!)).toEqual([0, 1]);
    const pooled = poolOutput(Float32Array.from([3, 4, 0, 1]), [2, 2], [], "mean");
    expect(pooled.map((v) => Array.from(v).map((x) => Number(x.toFixed(2))))).toEqual([
      [0.6, 0.8],
      [0, 1],
    ]);
  });
});

describe("OnnxEmbedder", () => {
  it("runs a real ONNX model from a user directory: similar words land close, batches pad", async () => {
    const embedder = OnnxEmbedder.fromDirectory(modelDir());
    try {
      const [cat, dog, the] = await embedder.embed(["cat", "dog", "the the"], { kind: "document" });
      const dot = (a: Float32Array, b: Float32Array) => a.reduce((n, x, i) => n + x * b[i]!, 0);
      expect(dot(cat!, dog!)).toBeCloseTo(1, 5);
      expect(dot(cat!, the!)).toBeLessThan(0.9);
      expect(cat!.length).toBe(4);
      expect(Math.hypot(...cat!)).toBeCloseTo(1, 5);
      // The padded, shorter input in a batch gets the same vector as alone.
      const [alone] = await embedder.embed(["cat"], { kind: "query" });
      expect(Array.from(alone!)).toEqual(Array.from(cat!));
    } finally {
      await embedder.close();
    }
  });

  it("reads cls pooling from 1_Pooling/config.json", () => {
    expect(locateOnnxModel(modelDir({ pooling: "cls" })).pooling).toBe("cls");
    expect(locateOnnxModel(modelDir()).pooling).toBe("mean");
  });

  it("refuses a missing directory, a directory without a model, and a corrupt model", async () => {
    expect(() => locateOnnxModel("/nonexistent/model")).toThrow(/does not exist/);
    const empty = mkdtempSync(join(tmpdir(), "jarvis-onnx-"));
    dirs.push(empty);
    expect(() => locateOnnxModel(empty)).toThrow(/has no model.onnx/);
    writeFileSync(join(empty, "model.onnx"), "not a model");
    writeFileSync(join(empty, "tokenizer.json"), JSON.stringify(tokenizerJson()));
    const broken = OnnxEmbedder.fromDirectory(empty);
    const error = await broken.embed(["x"], { kind: "query" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JarvisError);
    expect((error as JarvisError).code).toBe("CONFIG_INVALID");
  });

  it("is what embeddings.provider onnx builds, with the configured prefixes", async () => {
    const config = defaultConfig().embeddings;
    expect(embedderFromConfig(config)).toBeUndefined();
    expect(() => embedderFromConfig({ ...config, provider: "onnx" })).toThrow(/model_dir is required/);
    const embedder = embedderFromConfig({
      ...config,
      provider: "onnx",
      model_dir: modelDir(),
      query_prefix: "the ",
    });
    expect(embedder?.id).toMatch(/^onnx:jarvis-onnx-/);
    const [prefixed] = await embedder!.embed(["cat"], { kind: "query" });
    const [plain] = await embedder!.embed(["cat"], { kind: "document" });
    expect(Array.from(prefixed!)).not.toEqual(Array.from(plain!));
    await embedder!.close?.();
  });
});
