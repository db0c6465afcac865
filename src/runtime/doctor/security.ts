import { PROTECTED_NAMES, PROTECTED_PATHS } from "../../config/protected.js";
import type { DoctorCheck } from "./types.js";

const protectedFiles: DoctorCheck = {
  name: "protected files",
  area: "security",
  async run(context) {
    const lifted = context.config?.files.unprotect ?? [];
    const total = PROTECTED_PATHS.length + PROTECTED_NAMES.length;
    if (lifted.length === 0) {
      return { status: "ok", detail: `${total} credential locations and names protected from every tool` };
    }
    return {
      status: "warn",
      detail: `protection lifted by files.unprotect: ${lifted.join(", ")}`,
      fix: "remove them from files.unprotect in config.yaml unless Jarvis really must read them",
    };
  },
};

/** Security state: what is protected and what the user opted out of. */
export const SECURITY_CHECKS: DoctorCheck[] = [protectedFiles];
