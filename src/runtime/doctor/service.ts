import type { DoctorCheck } from "../../config/doctor.js";
import type { PartStatus } from "../../tasks/supervisor.js";
import { callService, findService } from "../service-client.js";

/**
 * The always-on service: whether it runs, and each supervised part (a part that keeps crashing
 * is a warning with its last error). Timers, reminders and routines need it.
 */
export const serviceDoctorCheck: DoctorCheck = {
  name: "service",
  area: "service",
  async run(context) {
    const target = findService(context.env);
    const notRunning = {
      status: "missing" as const,
      detail: "not running: timers, alarms, reminders and routines wait until it does",
      fix: "`jarvis service install` (starts at login), or keep `jarvis start` open",
    };
    if (!target) return notRunning;
    try {
      const report = await callService<{ pid: number; parts: PartStatus[]; restartPending?: string[] }>(
        target,
        "GET",
        "/api/service",
      );
      const troubled = report.parts.filter((part) => part.state === "restarting" || part.restarts > 0);
      const parts = report.parts.map((part) => part.name.replace(/^observer:/, "")).join(", ");
      // Settings changed in config.yaml that the service reads only at start, in words
      const pending = report.restartPending ?? [];
      if (troubled.length === 0 && pending.length > 0)
        return {
          status: "warn",
          detail: `running (pid ${report.pid}). ${pending.join(" ")}`,
          fix: "restart it: `jarvis service stop`, then `jarvis service start`",
        };
      if (troubled.length === 0) return { status: "ok", detail: `running (pid ${report.pid}): ${parts}` };
      const worst = troubled.map(
        (p) =>
          `${p.name} ${p.state === "restarting" ? "restarting" : "restarted"} ${p.restarts}× (${p.lastError ?? "?"})`,
      );
      return {
        status: "warn",
        detail: `running (pid ${report.pid}); ${worst.join("; ")}${pending.length > 0 ? `. ${pending.join(" ")}` : ""}`,
        fix: "see `jarvis service logs`",
      };
    } catch {
      return notRunning;
    }
  },
};
