import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JarvisError } from "../../../core/errors.js";
import { type Cue, parseCaptions } from "./captions.js";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program with an argv array (never a shell); injectable so tests need no yt-dlp. */
export type ProgramRunner = (
  program: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs: number },
) => Promise<RunResult>;

export const execRunner: ProgramRunner = (program, args, options) =>
  new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { signal: options.signal, timeout: options.timeoutMs, maxBuffer: 4 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === "ENOENT") return reject(error);
        if (error && options.signal?.aborted) return reject(error);
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

const YOUTUBE_HOSTS = /^(?:www\.|m\.|music\.)?youtube(?:-nocookie)?\.com$|^youtu\.be$/i;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A canonical watch URL for a YouTube link or bare video id; undefined for anything else.
 * Only YouTube is accepted: yt-dlp would otherwise fetch any URL, bypassing the SSRF guard.
 */
export function youtubeWatchUrl(input: string): string | undefined {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return `https://www.youtube.com/watch?v=${text}`;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (!YOUTUBE_HOSTS.test(url.hostname)) return undefined;
  let id: string | null = null;
  if (/^youtu\.be$/i.test(url.hostname)) id = url.pathname.slice(1).split("/")[0] ?? null;
  else if (url.pathname === "/watch") id = url.searchParams.get("v");
  else id = /^\/(?:shorts|embed|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1] ?? null;
  return id && VIDEO_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : undefined;
}

export function ytDlpArgs(url: string, dir: string, language: string): string[] {
  return [
    "--ignore-config",
    "--no-playlist",
    "--skip-download",
    "--no-simulate",
    "--write-subs",
    "--write-auto-subs",
    "--sub-langs",
    `${language}.*,${language}`,
    "--sub-format",
    "json3/vtt/srt/best",
    "--no-progress",
    "--no-warnings",
    "--paths",
    dir,
    "--output",
    "%(id)s.%(ext)s",
    "--print",
    "%(.{id,title,channel,duration})j",
    "--",
    url,
  ];
}

export interface Transcript {
  id: string;
  title?: string;
  channel?: string;
  durationS?: number;
  language: string;
  format: "vtt" | "srt" | "json3";
  cues: Cue[];
}

const FORMAT_RANK: Record<string, number> = { json3: 0, vtt: 1, srt: 2 };

/** Picks the caption file: the requested language first, then by format (json3 > vtt > srt). */
export function chooseCaptionFile(
  files: string[],
  language: string,
): { file: string; language: string; format: Transcript["format"] } | undefined {
  const candidates = files.flatMap((file) => {
    const match = /^.+?\.([A-Za-z0-9_-]+)\.(json3|vtt|srt)$/.exec(file);
    return match ? [{ file, language: match[1]!, format: match[2] as Transcript["format"] }] : [];
  });
  const score = (c: { language: string; format: string }) =>
    (c.language === language ? 0 : c.language.startsWith(`${language}-`) ? 10 : 20) +
    (FORMAT_RANK[c.format] ?? 9);
  return candidates.sort((a, b) => score(a) - score(b))[0];
}

export async function fetchTranscript(options: {
  url: string;
  language: string;
  program: string;
  runner: ProgramRunner;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<Transcript> {
  const dir = await mkdtemp(join(tmpdir(), "jarvis-yt-"));
  try {
    const run = await options.runner(options.program, ytDlpArgs(options.url, dir, options.language), {
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const info = parseInfo(run.stdout);
    if (run.code !== 0) {
      const reason = run.stderr.split("\n").find((line) => line.startsWith("ERROR:")) ?? run.stderr.trim();
      throw new JarvisError("TOOL_FAILED", `yt-dlp failed: ${reason.slice(0, 300) || `exit ${run.code}`}`);
    }
    const chosen = chooseCaptionFile(await readdir(dir), options.language);
    if (!chosen) {
      throw new JarvisError(
        "NOT_FOUND",
        `this video has no "${options.language}" captions (manual or automatic)`,
        {
          fix: 'try another language code, e.g. language: "de"',
        },
      );
    }
    const text = await readFile(join(dir, chosen.file), "utf8");
    return {
      id: info.id ?? chosen.file.split(".")[0]!,
      ...(info.title ? { title: info.title } : {}),
      ...(info.channel ? { channel: info.channel } : {}),
      ...(info.duration !== undefined ? { durationS: info.duration } : {}),
      language: chosen.language,
      format: chosen.format,
      cues: parseCaptions(text, chosen.format),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function parseInfo(stdout: string): { id?: string; title?: string; channel?: string; duration?: number } {
  for (const line of stdout.split("\n").reverse()) {
    if (!line.trim().startsWith("{")) continue;
    try {
      const data = JSON.parse(line) as Record<string, unknown>;
      return {
        ...(typeof data.id === "string" ? { id: data.id } : {}),
        ...(typeof data.title === "string" ? { title: data.title } : {}),
        ...(typeof data.channel === "string" ? { channel: data.channel } : {}),
        ...(typeof data.duration === "number" ? { duration: data.duration } : {}),
      };
    } catch {
      // not the info line
    }
  }
  return {};
}
