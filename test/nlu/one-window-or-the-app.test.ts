import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Closing an app's window closes that window; quitting or closing the app wholly quits it. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("one window or the whole app", () => {
  it("closing or shutting an app's window is the window's", () => {
    for (const said of ["close the chrome window", "shut the zoom window"])
      expect(nlu.parse(said, base).tool, said).toBe("windows_close");
  });

  it("the app itself, killed or closed wholly, is quit", () => {
    for (const said of ["close chrome", "kill the firefox window", "close the chrome window completely"])
      expect(nlu.parse(said, base).tool, said).toBe("apps_quit");
  });
});

describe("what rings is stopped, a set alarm is cancelled", () => {
  it("stopping or silencing the alarm dismisses the ringing one", () => {
    for (const said of ["stop the alarm", "silence my alarm"])
      expect(nlu.parse(said, base).tool, said).toBe("alerts_dismiss");
  });

  it("cancelling, or stopping every alarm, cancels the set ones", () => {
    expect(nlu.parse("cancel the alarm", base).tool).toBe("alarm_cancel");
    expect(nlu.parse("stop all my alarms", base)).toMatchObject({
      tool: "alarm_cancel",
      args: { all: true },
    });
  });
});

describe("which programs the machine has", () => {
  it("asked with 'which' and the computer said last, lists the apps", () => {
    expect(nlu.parse("which programs are on my laptop", base)).toMatchObject({ tool: "apps_list" });
  });
});
