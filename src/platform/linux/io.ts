import { JarvisError } from "../../core/errors.js";
import { xdotoolChord } from "../keys.js";
import { parseTesseractTsv } from "../ocr.js";
import { runChecked } from "../runner.js";
import type {
  Clipboard,
  CommandRunner,
  Input,
  KeyChord,
  MouseButton,
  OcrWord,
  Rect,
  Screen,
} from "../types.js";

/** Keyboard and mouse through XTEST (xdotool), which every X app accepts as real input. */
export class LinuxInput implements Input {
  constructor(private readonly run: CommandRunner) {}

  async type(text: string, options: { delayMs: number }, signal?: AbortSignal): Promise<void> {
    // Text goes through stdin (`--file -`), so a leading "-" is never read as an option and
    // nothing is limited by argv length.
    await runChecked(
      this.run,
      "xdotool",
      ["type", "--clearmodifiers", "--delay", String(options.delayMs), "--file", "-"],
      { signal, input: text },
    );
  }

  async hotkey(chord: KeyChord, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "xdotool", ["key", "--clearmodifiers", xdotoolChord(chord)], { signal });
  }

  async click(
    point: { x: number; y: number; button: MouseButton; double: boolean },
    signal?: AbortSignal,
  ): Promise<void> {
    const button = { left: "1", middle: "2", right: "3" }[point.button];
    const args = ["mousemove", "--sync", String(Math.round(point.x)), String(Math.round(point.y)), "click"];
    if (point.double) args.push("--repeat", "2");
    args.push(button);
    await runChecked(this.run, "xdotool", args, { signal });
  }
}

/** Screenshots with ImageMagick `import`, OCR with tesseract's TSV output (word boxes). */
export class LinuxScreen implements Screen {
  constructor(
    private readonly run: CommandRunner,
    private readonly importProgram: string,
  ) {}

  async capture(file: string, options: { region?: Rect | undefined }, signal?: AbortSignal): Promise<void> {
    const args = ["-window", "root"];
    const r = options.region;
    if (r)
      args.push(
        "-crop",
        `${Math.round(r.width)}x${Math.round(r.height)}+${Math.round(r.x)}+${Math.round(r.y)}`,
        "+repage",
      );
    args.push(`png:${file}`);
    await runChecked(this.run, this.importProgram, args, { signal });
  }

  async ocr(file: string, signal?: AbortSignal): Promise<OcrWord[]> {
    // One thread: OCR runs beside everything else and must not take every core.
    const tsv = await runChecked(this.run, "tesseract", [file, "stdout", "--psm", "3", "tsv"], {
      signal,
      env: { OMP_THREAD_LIMIT: "1" },
    });
    return parseTesseractTsv(tsv);
  }
}

/** The CLIPBOARD selection (what Ctrl+C/Ctrl+V use) through xclip, which offers and asks for
 * UTF8_STRING by default (0.13+). */
export class LinuxClipboard implements Clipboard {
  constructor(private readonly run: CommandRunner) {}

  async read(signal?: AbortSignal): Promise<string> {
    const result = await this.run("xclip", ["-selection", "clipboard", "-o"], { signal });
    if (result.code === 0) return result.stdout;
    // An empty clipboard is not an error, only nothing to read.
    if (/target .* not available|no owner|cannot convert/i.test(result.stderr)) return "";
    throw new JarvisError("TOOL_FAILED", `xclip failed: ${result.stderr.trim() || `exit ${result.code}`}`);
  }

  async write(text: string, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "xclip", ["-selection", "clipboard", "-i"], {
      signal,
      input: text,
    });
  }
}
