import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasPrograms } from "../../testing/programs.js";
import { AtspiClient, atspiHelperPath } from "./atspi.js";

const python = "/usr/bin/python3";
const ready = hasPrograms(["python3"], "python3 python3-gi gir1.2-atspi-2.0");

describe.skipIf(!ready)("AT-SPI helper protocol", () => {
  it("answers JSON-line requests, reports helper errors as typed errors, and closes", async () => {
    expect(existsSync(atspiHelperPath())).toBe(true);
    const client = new AtspiClient(python, { PATH: process.env.PATH });
    try {
      expect(await client.request("ping", {})).toEqual({ version: 1 });
      await expect(client.request("nonsense", {})).rejects.toMatchObject({
        code: "TOOL_FAILED",
        message: "unknown op 'nonsense'",
      });
      // A request for a process that has no tree: a clear UNAVAILABLE with the fallback as fix.
      await expect(client.request("snapshot", { pid: 1, title: "" })).rejects.toMatchObject({
        code: expect.stringMatching(/UNAVAILABLE|TOOL_FAILED/),
      });
      const aborted = new AbortController();
      aborted.abort();
      await expect(client.request("ping", {}, aborted.signal)).rejects.toMatchObject({ code: "CANCELLED" });
    } finally {
      await client.close();
    }
  });

  it("fails pending and later requests clearly when the interpreter cannot start", async () => {
    const client = new AtspiClient("/nonexistent/python3", {});
    await expect(client.request("ping", {})).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await client.close();
  });
});
