/**
 * Desktop control under Xvfb + openbox + AT-SPI: ui_state on a typical window (mousepad, the
 * seed's ≤ 100 ms budget), screen_ocr of the full screen, and input_type per character.
 * Every call goes through the real gate (validate → policy → execute → audit).
 * Run: npm run bench -- desktop
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createPlatform } from "../src/platform/factory.js";
import { desktopHarness } from "../src/testing/desktop-harness.js";
import { createAppsTools } from "../src/tools/apps/index.js";
import { createInputTools } from "../src/tools/input/index.js";
import { createScreenTools } from "../src/tools/screen/index.js";
import { createUiTools } from "../src/tools/ui/index.js";
import { createWindowsTools } from "../src/tools/windows/index.js";
import { eventually, startDesktopSession } from "../test/desktop/session.js";
import { summarize, writeResult } from "./util.js";

const session = await startDesktopSession();
const platform = createPlatform({ env: session.env });
const harness = desktopHarness(
  platform,
  [createAppsTools, createWindowsTools, createInputTools, createUiTools, createScreenTools],
  session.env,
);

async function timed(
  tool: string,
  args: Record<string, unknown> = {},
): Promise<{ ms: number; observation: string }> {
  const started = performance.now();
  const outcome = await harness.call(tool, args);
  const ms = performance.now() - started;
  if (outcome.status !== "ok") throw new Error(`${tool}: ${outcome.observation}`);
  session.track((outcome.result?.data as { pid?: number } | undefined)?.pid);
  return { ms, observation: outcome.observation };
}

try {
  await timed("apps_launch", { app: "Jarvis Test Terminal" });
  await timed("apps_launch", { app: "mousepad" });
  for (const w of await platform.windows.list()) session.track(w.pid);
  await timed("input_type", { text: "The quick brown fox jumps over the lazy dog.\n".repeat(3) });

  // ui_state: the first call starts the AT-SPI helper; later calls are what an agent loop sees.
  const cold = await eventually(async () => timed("ui_state"));
  const uiState: number[] = [];
  let lines = 0;
  for (let i = 0; i < 30; i++) {
    const { ms, observation } = await timed("ui_state");
    uiState.push(ms);
    lines = observation.split("\n").length;
  }
  // Where the time goes: the AT-SPI walk, the focused-window lookup (the helper's own X11
  // connection; also what every context-lock check costs), and a full window list (spawns).
  const target = await platform.windows.active();
  if (!target) throw new Error("no active window");
  const walk: number[] = [];
  const focused: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < 30; i++) {
    let started = performance.now();
    await platform.accessibility.snapshot(target, { all: false, maxNodes: 3000 }, undefined);
    walk.push(performance.now() - started);
    started = performance.now();
    await platform.windows.active();
    focused.push(performance.now() - started);
    started = performance.now();
    await platform.windows.list();
    list.push(performance.now() - started);
  }
  const uiFind: number[] = [];
  for (let i = 0; i < 10; i++) uiFind.push((await timed("ui_find", { name: "Quit", role: "menu item" })).ms);

  const ocr: number[] = [];
  let ocrLines = 0;
  for (let i = 0; i < 5; i++) {
    const { ms, observation } = await timed("screen_ocr");
    ocr.push(ms);
    ocrLines = observation.split("\n").length;
  }

  await timed("windows_focus", { window: "Jarvis Test Terminal" });
  const text = "abcdefghij".repeat(20);
  const perChar: Record<string, ReturnType<typeof summarize>> = {};
  for (const delay of [0, 8]) {
    const samples: number[] = [];
    for (let i = 0; i < 3; i++)
      samples.push((await timed("input_type", { text, delay_ms: delay })).ms / text.length);
    perChar[`delay_${delay}ms`] = summarize(samples);
  }

  writeResult("desktop", {
    setup: "Xvfb 1280x800, openbox, at-spi2, mousepad (GTK3) + xterm; calls through the gate",
    load_average_1m_at_end: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    ui_state_ms: {
      cold_first_call: Math.round(cold.ms),
      warm: summarize(uiState),
      parts: { atspi_walk: summarize(walk), focused_window: summarize(focused) },
      lines_rendered: lines,
      budget_ms: 100,
    },
    ui_find_all_elements_ms: summarize(uiFind),
    windows_list_wmctrl_xdotool_ms: summarize(list),
    screen_ocr_full_screen_ms: { ...summarize(ocr), lines_recognized: ocrLines, threads: 1 },
    input_type_ms_per_char: { ...perChar, characters: text.length, chunk: 64 },
  });
} finally {
  await harness.close();
  for (const w of await platform.windows.list().catch(() => [])) session.track(w.pid);
  await session.stop();
}
