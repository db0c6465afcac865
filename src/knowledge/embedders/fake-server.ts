import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Words the fake embedder treats as one meaning, so tests can show vectors finding what BM25 cannot. */
const SYNONYMS: Readonly<Record<string, string>> = {
  automobile: "car",
  vehicle: "car",
  auto: "car",
  physician: "doctor",
  medic: "doctor",
  purchase: "buy",
  acquire: "buy",
  movie: "film",
  cinema: "film",
  large: "big",
  huge: "big",
  canine: "dog",
  puppy: "dog",
  feline: "cat",
  kitten: "cat",
};

/**
 * A deterministic "semantic" embedding for tests: hashed bag of words (FNV-1a) with a small
 * synonym table, L2-normalized. Not a model: it only has to be stable and meaning-ish.
 */
export function fakeEmbedding(text: string, dimensions = 64): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const singular = raw.length > 3 && raw.endsWith("s") ? raw.slice(0, -1) : raw;
    const word = SYNONYMS[singular] ?? singular;
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193) >>> 0;
    vector[hash % dimensions]! += 1;
  }
  const norm = Math.sqrt(vector.reduce((n, x) => n + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

/**
 * A real HTTP server on 127.0.0.1 speaking the two embedding protocols Jarvis uses:
 * OpenAI's `POST /v1/embeddings` and Ollama's `POST /api/embed`. Tests set `failWith` to make
 * it answer errors, and read `requests` to see what was sent.
 */
export class FakeEmbeddingServer {
  readonly requests: RecordedRequest[] = [];
  failWith: number | undefined;
  /** Delay before answering, to test timeouts and cancellation. */
  delayMs = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly dimensions: number,
  ) {}

  static async start(options: { dimensions?: number; apiKey?: string } = {}): Promise<FakeEmbeddingServer> {
    const dimensions = options.dimensions ?? 64;
    let instance: FakeEmbeddingServer | undefined;
    const server = createServer((req, res) => {
      void instance?.handle(req, res, options.apiKey);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    instance = new FakeEmbeddingServer(server, `http://127.0.0.1:${port}`, dimensions);
    return instance;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse, apiKey?: string): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { model?: string; input?: unknown } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    } catch {
      return send(res, 400, { error: { message: "invalid JSON" } });
    }
    this.requests.push({ path: req.url ?? "", headers: req.headers, body });
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failWith) return send(res, this.failWith, { error: { message: "fake failure" } });
    if (req.method !== "POST") return send(res, 405, { error: { message: "POST only" } });
    const inputs = typeof body.input === "string" ? [body.input] : body.input;
    if (!Array.isArray(inputs) || inputs.some((t) => typeof t !== "string") || !body.model) {
      return send(res, 400, { error: { message: "model and input (string or string[]) are required" } });
    }
    const vectors = (inputs as string[]).map((t) => fakeEmbedding(t, this.dimensions));
    if (req.url === "/v1/embeddings") {
      if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(res, 401, { error: { message: "Incorrect API key provided" } });
      }
      return send(res, 200, {
        object: "list",
        model: body.model,
        data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })).reverse(),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      });
    }
    if (req.url === "/api/embed") return send(res, 200, { model: body.model, embeddings: vectors });
    return send(res, 404, { error: "not found" });
  }
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}
