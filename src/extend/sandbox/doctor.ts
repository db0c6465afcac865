import type { DoctorCheck } from "../../config/doctor.js";
import { probeSandbox } from "./detect.js";

/**
 * `jarvis doctor`: whether untrusted code (skill scripts, generated tools) can run here, how
 * well it is contained, and what to install when it cannot (it then does not run at all).
 */
export const sandboxDoctorCheck: DoctorCheck = {
  name: "sandbox",
  area: "extend",
  async run(context) {
    const support = probeSandbox({ env: context.env });
    if (support.unavailable) {
      return {
        status: "missing",
        detail: `${support.unavailable.reason}: skill scripts and generated tools will not run`,
        fix: support.unavailable.fix,
      };
    }
    const parts = [
      `${support.backend}${support.version ? ` ${support.version}` : ""}`,
      support.seccompArch ? "seccomp" : "no seccomp",
      support.cgroups
        ? `cgroup v${support.cgroups.version}${support.cgroups.memoryParent ? " (pids, memory)" : " (pids)"}`
        : "rlimits only",
      support.root ? "running as root (capabilities dropped inside)" : "",
    ].filter(Boolean);
    return {
      status: support.notes.length > 0 ? "warn" : "ok",
      detail: [parts.join(", "), ...support.notes].join("; "),
      ...(support.notes.length > 0
        ? { fix: "containment holds; the notes say which extra layer is missing" }
        : {}),
    };
  },
};
