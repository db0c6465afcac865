import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Finds an executable on PATH without spawning a shell. */
export function findProgram(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Optional system programs: what each enables and the Debian package that brings it. */
export const OPTIONAL_PROGRAMS: Array<{
  program: string;
  area: string;
  enables: string;
  debian: string;
  mac?: string;
}> = [
  {
    program: "chromium",
    area: "browser",
    enables: "browser tools",
    debian: "chromium",
    mac: "install Google Chrome",
  },
  {
    program: "tesseract",
    area: "desktop",
    enables: "screen OCR",
    debian: "tesseract-ocr",
    mac: "brew install tesseract",
  },
  { program: "xdotool", area: "desktop", enables: "keyboard, mouse and windows (X11)", debian: "xdotool" },
  { program: "wmctrl", area: "desktop", enables: "window management (X11)", debian: "wmctrl" },
  { program: "xclip", area: "desktop", enables: "clipboard (X11)", debian: "xclip" },
  { program: "import", area: "desktop", enables: "screenshots (X11)", debian: "imagemagick" },
  { program: "notify-send", area: "desktop", enables: "desktop notifications", debian: "libnotify-bin" },
  {
    program: "espeak-ng",
    area: "voice",
    enables: "offline speech output",
    debian: "espeak-ng",
    mac: "brew install espeak-ng",
  },
  {
    program: "pocketsphinx_continuous",
    area: "voice",
    enables: "offline command recognition",
    debian: "pocketsphinx pocketsphinx-en-us",
  },
  {
    program: "sox",
    area: "voice",
    enables: "microphone and audio conversion",
    debian: "sox",
    mac: "brew install sox",
  },
  { program: "pdftotext", area: "knowledge", enables: "PDF fallback extraction", debian: "poppler-utils" },
  { program: "yt-dlp", area: "web", enables: "YouTube transcripts", debian: "yt-dlp" },
];
