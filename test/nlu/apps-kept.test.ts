import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { desktopAppNames, keptDesktopAppNames } from "../../src/brain/nlu/apps.js";

const root = mkdtempSync(join(tmpdir(), "jarvis-apps-kept-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const apps = join(root, "share", "applications");
const cache = join(root, "cache");
const env = { HOME: join(root, "home"), XDG_DATA_DIRS: join(root, "share") };
mkdirSync(apps, { recursive: true });
const entry = (file: string, name: string, exec: string) =>
  writeFileSync(join(apps, file), `[Desktop Entry]\nType=Application\nName=${name}\nExec=${exec} %U\n`);
entry("org.example.Sketcher.desktop", "Sketcher", "sketcher");
entry("tuner.desktop", "Guitar Tuner", "/opt/tuner/bin/tuner");

describe("the installed apps kept between starts", () => {
  it("are the apps read from the entries, and are read again when an entry changes, appears or goes", () => {
    expect(keptDesktopAppNames(env, cache)).toEqual(desktopAppNames(env));
    expect(desktopAppNames(env)).toContain("guitar tuner");
    // What was kept is what the next start uses (shown by editing the kept list, not the entries)
    const file = join(cache, "apps.json");
    const kept = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...kept, names: ["kept only"] }));
    expect(keptDesktopAppNames(env, cache)).toEqual(["kept only"]);

    entry("tuner.desktop", "Bass Tuner!!", "/opt/tuner/bin/tuner");
    utimesSync(join(apps, "tuner.desktop"), new Date(), new Date(Date.now() + 5_000));
    expect(keptDesktopAppNames(env, cache)).toContain("bass tuner");
    entry("viewer.desktop", "Photo Viewer", "viewer");
    expect(keptDesktopAppNames(env, cache)).toContain("photo viewer");
    unlinkSync(join(apps, "viewer.desktop"));
    expect(keptDesktopAppNames(env, cache)).not.toContain("photo viewer");
    expect(keptDesktopAppNames(env, cache)).toEqual(desktopAppNames(env));
  });

  it("ignores a damaged or foreign file and keeps the names again", () => {
    const file = join(cache, "apps.json");
    for (const bad of [
      "{not json",
      JSON.stringify({ key: "another", names: ["x"] }),
      JSON.stringify({ names: 3 }),
    ]) {
      writeFileSync(file, bad);
      expect(keptDesktopAppNames(env, cache)).toEqual(desktopAppNames(env));
      expect(JSON.parse(readFileSync(file, "utf8")).names).toEqual(desktopAppNames(env));
    }
  });

  it("still answers when the cache folder cannot be written", () => {
    const blocked = join(root, "blocked");
    writeFileSync(blocked, "a file where the folder would be");
    expect(keptDesktopAppNames(env, join(blocked, "cache"))).toEqual(desktopAppNames(env));
  });
});
