import { describe, expect, it } from "vitest";
import { silentLogger } from "../core/logger.js";
import { createRuntime } from "../runtime/runtime.js";
import { createTempHome } from "../testing/home.js";
import type { ToolDeps } from "../tools/deps.js";
import { desktopKit } from "./kit.js";

describe("desktopKit", () => {
  it("gives every group of one runtime the same adapter, and each runtime its own", async () => {
    const temp = createTempHome();
    const captured: ToolDeps[] = [];
    const open = () =>
      createRuntime({
        env: temp.env,
        logger: silentLogger,
        tools: (deps) => {
          captured.push(deps);
          return [];
        },
      });
    const first = open();
    const second = open();
    try {
      const [a, b] = captured as [ToolDeps, ToolDeps];
      expect(desktopKit(a).platform).toBe(desktopKit(a).platform);
      expect(desktopKit(a).platform).not.toBe(desktopKit(b).platform);
      // The lock written through one kit is what every other kit on the same store reads.
      const window = {
        id: "0x00000001",
        title: "t",
        app: "a",
        rect: { x: 0, y: 0, width: 1, height: 1 },
        active: true,
      };
      desktopKit(a).session.setLock(window, "test");
      expect(desktopKit(b).session.lock()).toMatchObject({ windowId: "0x00000001", setBy: "test" });
    } finally {
      await first.close();
      await second.close();
      temp.cleanup();
    }
  });
});
