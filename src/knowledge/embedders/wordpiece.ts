import { JarvisError } from "../../core/errors.js";

/**
 * The BERT WordPiece tokenizer, read from a Hugging Face `tokenizer.json` (the format every
 * BERT-family sentence embedder ships: MiniLM, bge, e5, gte). Implements the BertNormalizer,
 * BertPreTokenizer, greedy longest-match WordPiece and the [CLS] … [SEP] template.
 */
export interface Encoding {
  ids: number[];
  typeIds: number[];
}

interface TokenizerJson {
  model?: {
    type?: string;
    vocab?: Record<string, number>;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
  };
  normalizer?: NormalizerJson | null;
  truncation?: { max_length?: number } | null;
  padding?: { pad_id?: number } | null;
  post_processor?: {
    type?: string;
    cls?: [string, number];
    sep?: [string, number];
    special_tokens?: Record<string, { ids?: number[] }>;
  } | null;
}

interface NormalizerJson {
  type?: string;
  lowercase?: boolean;
  strip_accents?: boolean | null;
  clean_text?: boolean;
  handle_chinese_chars?: boolean;
  normalizers?: NormalizerJson[];
}

export class WordPieceTokenizer {
  readonly maxLength: number;
  readonly padId: number;
  private readonly vocab: Map<string, number>;
  private readonly unkId: number;
  private readonly prefix: string;
  private readonly maxCharsPerWord: number;
  private readonly clsId: number | undefined;
  private readonly sepId: number | undefined;
  private readonly normalizeText: (text: string) => string;

  constructor(json: TokenizerJson, maxLength?: number) {
    const model = json.model;
    if (model?.type !== "WordPiece" || !model.vocab) {
      throw new JarvisError("CONFIG_INVALID", `tokenizer type ${model?.type ?? "unknown"} is not supported`, {
        fix: "use a BERT-family (WordPiece) model such as bge-small-en-v1.5 or all-MiniLM-L6-v2",
      });
    }
    this.vocab = new Map(Object.entries(model.vocab));
    const unk = model.unk_token ?? "[UNK]";
    this.unkId = this.vocab.get(unk) ?? 0;
    this.prefix = model.continuing_subword_prefix ?? "##";
    this.maxCharsPerWord = model.max_input_chars_per_word ?? 100;
    this.maxLength = Math.min(maxLength ?? 512, json.truncation?.max_length ?? 512);
    this.padId = json.padding?.pad_id ?? this.vocab.get("[PAD]") ?? 0;
    const post = json.post_processor;
    this.clsId = post?.cls?.[1] ?? post?.special_tokens?.["[CLS]"]?.ids?.[0] ?? this.vocab.get("[CLS]");
    this.sepId = post?.sep?.[1] ?? post?.special_tokens?.["[SEP]"]?.ids?.[0] ?? this.vocab.get("[SEP]");
    this.normalizeText = normalizerFrom(json.normalizer ?? { type: "BertNormalizer", lowercase: true });
  }

  encode(text: string): Encoding {
    const pieces: number[] = [];
    const budget = this.maxLength - (this.clsId === undefined ? 0 : 1) - (this.sepId === undefined ? 0 : 1);
    for (const word of preTokenize(this.normalizeText(text))) {
      for (const id of this.wordPiece(word)) {
        if (pieces.length >= budget) break;
        pieces.push(id);
      }
      if (pieces.length >= budget) break;
    }
    const ids = [
      ...(this.clsId === undefined ? [] : [this.clsId]),
      ...pieces,
      ...(this.sepId === undefined ? [] : [this.sepId]),
    ];
    return { ids, typeIds: ids.map(() => 0) };
  }

  private wordPiece(word: string): number[] {
    const chars = [...word];
    if (chars.length > this.maxCharsPerWord) return [this.unkId];
    const out: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? this.prefix : "") + chars.slice(start, end).join("");
        found = this.vocab.get(piece);
        if (found !== undefined) break;
        end -= 1;
      }
      if (found === undefined) return [this.unkId];
      out.push(found);
      start = end;
    }
    return out;
  }
}

function normalizerFrom(json: NormalizerJson): (text: string) => string {
  switch (json.type) {
    case "BertNormalizer": {
      const lowercase = json.lowercase ?? true;
      const strip = json.strip_accents ?? lowercase;
      return (text) => {
        let out = json.clean_text === false ? text : cleanText(text);
        if (json.handle_chinese_chars !== false) out = out.replace(CJK, " $& ");
        if (lowercase) out = out.toLowerCase();
        if (strip) out = stripAccents(out);
        return out;
      };
    }
    case "Lowercase":
      return (text) => text.toLowerCase();
    case "StripAccents":
      return stripAccents;
    case "NFD":
    case "NFC":
    case "NFKD":
    case "NFKC": {
      const form = json.type;
      return (text) => text.normalize(form);
    }
    case "Sequence": {
      const steps = (json.normalizers ?? []).map(normalizerFrom);
      return (text) => steps.reduce((t, step) => step(t), text);
    }
    default:
      return (text) => text;
  }
}

const CJK =
  /[\u4E00-\u9FFF\u3400-\u4DBF\u{20000}-\u{2A6DF}\u{2A700}-\u{2B73F}\u{2B740}-\u{2B81F}\uF900-\uFAFF\u{2F800}-\u{2FA1F}]/gu;

function cleanText(text: string): string {
  // Drop NUL, replacement and control characters; every whitespace becomes a plain space.
  return text.replace(/[\u0000\uFFFD]|[\p{Cc}\p{Cf}](?<![\t\n\r])/gu, "").replace(/\s/g, " ");
}

function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{Mn}/gu, "");
}

/** Splits on whitespace, and makes every punctuation character its own token (BertPreTokenizer). */
export function preTokenize(text: string): string[] {
  // BERT's punctuation: Unicode P* plus the ASCII symbols; other symbols (€, ©) stay in words.
  return text.match(/[^\s\p{P}$+<=>^`|~]+|[\p{P}$+<=>^`|~]/gu) ?? [];
}
