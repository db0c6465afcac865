import { execFileSync } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface AudioRequestLog {
  path: string;
  authorization: string | undefined;
  /** Transcription: the form fields (the file as its byte length and type); speech: the JSON body. */
  fields: Record<string, unknown>;
  audio?: Buffer;
}

/**
 * A real HTTP server speaking OpenAI's audio protocol on a random loopback port:
 * `POST /v1/audio/transcriptions` (multipart: file, model, response_format) answers with the
 * next scripted text, and `POST /v1/audio/speech` (JSON) answers with a WAV made by espeak-ng,
 * so a client under test gets real audio. `failNext` makes the next request answer 500.
 */
export class FakeOpenAiAudioServer {
  readonly requests: AudioRequestLog[] = [];
  private readonly transcripts: string[] = [];
  private failures = 0;
  private server: Server | undefined;
  url = "";

  transcribeAs(...texts: string[]): void {
    this.transcripts.push(...texts);
  }

  failNext(): void {
    this.failures += 1;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, type, body }) => {
          res.writeHead(status, { "content-type": type });
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: String(error) } }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; type: string; body: string | Buffer }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const log: AudioRequestLog = {
      path: req.url ?? "",
      authorization: req.headers.authorization,
      fields: {},
    };
    this.requests.push(log);
    if (this.failures > 0) {
      this.failures -= 1;
      return {
        status: 500,
        type: "application/json",
        body: JSON.stringify({ error: { message: "model overloaded" } }),
      };
    }
    if (req.method === "POST" && req.url === "/v1/audio/transcriptions") {
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body,
      }).formData();
      for (const [key, value] of form.entries()) {
        if (typeof value === "string") log.fields[key] = value;
        else {
          log.audio = Buffer.from(await value.arrayBuffer());
          log.fields[key] = { name: value.name, type: value.type, bytes: log.audio.length };
        }
      }
      if (!log.audio)
        return {
          status: 400,
          type: "application/json",
          body: JSON.stringify({ error: { message: "file is required" } }),
        };
      return {
        status: 200,
        type: "application/json",
        body: JSON.stringify({ text: this.transcripts.shift() ?? "" }),
      };
    }
    if (req.method === "POST" && req.url === "/v1/audio/speech") {
      const json = JSON.parse(body.toString("utf8")) as { input?: string; response_format?: string };
      log.fields = json;
      if (typeof json.input !== "string" || json.input.length === 0) {
        return {
          status: 400,
          type: "application/json",
          body: JSON.stringify({ error: { message: "input is required" } }),
        };
      }
      const wav = execFileSync("espeak-ng", ["--stdout", "--stdin"], { input: json.input });
      return { status: 200, type: "audio/wav", body: wav };
    }
    return {
      status: 404,
      type: "application/json",
      body: JSON.stringify({ error: { message: "not found" } }),
    };
  }
}
