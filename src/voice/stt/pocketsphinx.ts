import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import {
  closeSync,
  constants,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  type WriteStream,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { JarvisError } from "../../core/errors.js";
import { buildGrammar, dictionaryWords, type Grammar } from "./grammar.js";
import { COMMAND_TEMPLATES, DIALOG_TEMPLATES, SLOT_VALUES } from "./phrases.js";
import type { ListenMode, SpeechToText, SttSession, Transcript } from "./types.js";

const execFileAsync = promisify(execFile);

export const POCKETSPHINX_MODEL = "/usr/share/pocketsphinx/model/en-us";

/**
 * Words a command may start with: the audio handed over after the wake word can hold the end
 * of "hey Jarvis" (a command said in one breath starts before the wake word is decided). The
 * grammar absorbs them and the transcript drops them.
 */
const WAKE_PREFIX = ["hey", "jarvis"];

export interface PocketsphinxOptions {
  /** Where the generated grammar file is written. */
  workDir: string;
  program?: string;
  hmm?: string;
  dict?: string;
  /** Extra command templates (the NLU's tool examples) and slot values (apps, lists, contacts). */
  templates?: ReadonlyArray<string>;
  slots?: Readonly<Record<string, ReadonlyArray<string>>>;
}

/**
 * Command recognition with Debian's `pocketsphinx_continuous`, constrained by a JSGF grammar.
 * Raw 16 kHz samples stream into `-infile <fifo>` while the user speaks, so only the final
 * search runs after the end of speech. Its own VAD must not split the utterance (a split half
 * would have to match the grammar alone), hence the long `-vad_postspeech`.
 */
export class PocketsphinxStt implements SpeechToText {
  readonly name = "pocketsphinx";
  readonly grammar: Grammar;
  readonly grammarPath: string;
  private readonly program: string;
  private readonly hmm: string;
  private readonly dict: string;

  constructor(options: PocketsphinxOptions) {
    this.program = options.program ?? "pocketsphinx_continuous";
    this.hmm = options.hmm ?? join(POCKETSPHINX_MODEL, "en-us");
    this.dict = options.dict ?? join(POCKETSPHINX_MODEL, "cmudict-en-us.dict");
    if (!existsSync(this.dict) || !existsSync(this.hmm)) {
      throw new JarvisError("UNAVAILABLE", `pocketsphinx model not found at ${this.hmm}`, {
        fix: "sudo apt-get install pocketsphinx pocketsphinx-en-us",
      });
    }
    const slots: Record<string, ReadonlyArray<string>> = { ...SLOT_VALUES };
    for (const [name, values] of Object.entries(options.slots ?? {}))
      slots[name] = [...(slots[name] ?? []), ...values];
    this.grammar = buildGrammar({
      templates: [...COMMAND_TEMPLATES, ...(options.templates ?? [])],
      slots,
      dialog: DIALOG_TEMPLATES,
      dictionary: dictionaryWords(readFileSync(this.dict, "utf8")),
      prefix: WAKE_PREFIX.map((word) => `[${word}]`).join(" "),
    });
    mkdirSync(options.workDir, { recursive: true });
    this.grammarPath = join(options.workDir, "jarvis.gram");
    writeFileSync(this.grammarPath, this.grammar.text);
  }

  start(options: { mode: ListenMode; signal: AbortSignal }): SttSession {
    return new PocketsphinxSession(
      this.program,
      [
        "-jsgf",
        this.grammarPath,
        "-toprule",
        `jarvis.${options.mode}`,
        "-dict",
        this.dict,
        "-hmm",
        this.hmm,
        "-vad_postspeech",
        "1000",
        "-logfn",
        "/dev/null",
      ],
      options.signal,
      options.mode === "command" ? WAKE_PREFIX : [],
    );
  }
}

/**
 * Node's stdio pipes are socketpairs, which `fopen("/dev/stdin")` cannot open, so audio goes
 * through a named pipe (mkfifo) in a private temp directory instead.
 */
class PocketsphinxSession implements SttSession {
  private readonly dir = mkdtempSync(join(tmpdir(), "jarvis-stt-"));
  private readonly fifo = join(this.dir, "audio.raw");
  private readonly pending: Buffer[] = [];
  private writer: WriteStream | undefined;
  private ended = false;
  private seed = 0x1234567;
  private cancelled = false;
  private readonly done: Promise<Transcript>;
  private child: ChildProcess | undefined;

  constructor(
    program: string,
    args: string[],
    private readonly signal: AbortSignal,
    private readonly prefix: ReadonlyArray<string>,
  ) {
    this.done = this.run(program, args);
    this.done.catch(() => {});
  }

  private async run(program: string, args: string[]): Promise<Transcript> {
    try {
      await execFileAsync("mkfifo", ["-m", "600", this.fifo], { signal: this.signal });
      const child = spawn(program, ["-infile", this.fifo, ...args], {
        stdio: ["ignore", "pipe", "pipe"],
        signal: this.signal,
      });
      this.child = child;
      let stdout = "";
      let stderr = "";
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
      });
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        stderr = (stderr + chunk).slice(-2000);
      });
      const exit = new Promise<number | null>((resolve, reject) => {
        child.on("error", reject);
        child.on("close", (code) => resolve(code));
      });
      // Opening a FIFO for writing blocks until the reader opens it; if the child dies first,
      // opening it ourselves for reading releases that open.
      const writer = createWriteStream(this.fifo);
      writer.on("error", () => {});
      void exit
        .finally(() => {
          if (!this.writer) closeSync(openSync(this.fifo, constants.O_RDONLY | constants.O_NONBLOCK));
        })
        .catch(() => {});
      await Promise.race([once(writer, "open"), exit]);
      this.writer = writer;
      for (const chunk of this.pending.splice(0)) writer.write(chunk);
      if (this.ended) writer.end();
      const code = await exit;
      if (this.cancelled) throw new JarvisError("CANCELLED", "recognition cancelled");
      if (code !== 0) {
        const last = stderr.trim().split("\n").pop() ?? "";
        throw new JarvisError("TOOL_FAILED", `pocketsphinx exited with ${code}${last ? `: ${last}` : ""}`);
      }
      return { text: withoutPrefix(normalise(stdout), this.prefix), backend: "pocketsphinx" };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new JarvisError("UNAVAILABLE", "pocketsphinx_continuous (or mkfifo) is not installed", {
          fix: "sudo apt-get install pocketsphinx pocketsphinx-en-us",
        });
      }
      throw error;
    } finally {
      this.writer?.destroy();
      try {
        rmSync(this.dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // The writer's pending open may re-create the FIFO's name as a file while the directory
        // is removed (the child died first); retried above, and never hiding the real outcome
      }
    }
  }

  write(frame: Int16Array): void {
    if (this.ended) return;
    const chunk = Buffer.alloc(frame.length * 2);
    for (let i = 0; i < frame.length; i++) {
      // Dither at about -59 dBFS: digital silence (exact zeros, as in files) derails
      // pocketsphinx's noise and silence estimates (bench: 29/48 → 36/48 sentences right on
      // clean clips); a real microphone's own noise floor is at least this loud anyway.
      this.seed = (Math.imul(this.seed, 1_664_525) + 1_013_904_223) >>> 0;
      const dither = ((this.seed >>> 16) % 129) - 64;
      chunk.writeInt16LE(Math.max(-32768, Math.min(32767, (frame[i] ?? 0) + dither)), i * 2);
    }
    if (this.writer) this.writer.write(chunk);
    else this.pending.push(chunk);
  }

  finish(): Promise<Transcript> {
    this.ended = true;
    this.writer?.end();
    return this.done;
  }

  cancel(): void {
    this.ended = true;
    this.cancelled = true;
    this.writer?.destroy();
    if (this.child && this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

/** One line per decoded utterance; joined, trimmed, lower-case. */
function normalise(output: string): string {
  return output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith("INFO:"))
    .join(" ")
    .toLowerCase()
    .replace(/\b([ap]) m\b/g, "$1.m.");
}

/** The transcript without the optional leading words (`WAKE_PREFIX`) the grammar let through. */
function withoutPrefix(text: string, prefix: ReadonlyArray<string>): string {
  const words = text.split(" ");
  let start = 0;
  for (const word of prefix) if (words[start] === word && start < words.length - 1) start += 1;
  return words.slice(start).join(" ");
}
