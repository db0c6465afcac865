import { describe, expect, it } from "vitest";
import { GROUP_SHARE, sharedByGroup } from "./share.js";

const tool = (name: string, score: number) => ({ name, group: name.split("_")[0]!, score });

describe("a group's share of the room", () => {
  it("lets a second goal's near-best tool in before the louder group fills the room", () => {
    // A path lifts every file tool; the message to send scores close to the best
    const ranked = [
      tool("files_move", 1),
      tool("files_list", 0.98),
      tool("files_info", 0.96),
      tool("files_search", 0.95),
      tool("files_read", 0.94),
      tool("files_write", 0.93),
      tool("files_trash", 0.92),
      tool("files_restore", 0.91),
      tool("mail_send", 0.8),
      tool("weather_now", 0.3),
    ];
    const room = 8;
    const order = sharedByGroup(ranked, room).map((t) => t.name);
    expect(order.slice(0, room)).toContain("mail_send");
    expect(order.indexOf("mail_send")).toBe(Math.ceil(GROUP_SHARE * room));
    // The louder group's further tools follow in their own order, before the weaker ones
    expect(order.slice(-3)).toEqual(["files_trash", "files_restore", "weather_now"]);
  });

  it("keeps a one-goal ranking as it is", () => {
    const ranked = [
      tool("browser_click", 1),
      tool("browser_type", 0.95),
      tool("browser_snapshot", 0.9),
      tool("browser_select", 0.85),
      tool("browser_back", 0.8),
      tool("web_search", 0.4),
    ];
    expect(sharedByGroup(ranked, 4)).toEqual(ranked);
  });

  it("leaves a ranking with no signal alone", () => {
    const ranked = [tool("a_x", 0), tool("a_y", 0), tool("b_z", 0)];
    expect(sharedByGroup(ranked, 1)).toEqual(ranked);
  });
});
