import type { DoctorCheck } from "../../config/doctor.js";
import { PROTECTED_NAMES, PROTECTED_PATHS } from "../../config/protected.js";
import { openVault } from "../../config/vault.js";
import { AUDIT_KEY_NAME } from "../../gate/audit-key.js";
import { STORE_CHECKS } from "./store.js";

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

const auditKey: DoctorCheck = {
  name: "audit key",
  area: "security",
  async run(context) {
    const { vault, keychainProblem } = openVault(context.paths.home, context.env);
    const present = vault.get(AUDIT_KEY_NAME) !== undefined;
    if (vault.kind === "keychain") {
      return present
        ? { status: "ok", detail: `the audit chain is keyed; the key is in ${vault.where}` }
        : { status: "ok", detail: `the audit key will be made in ${vault.where} at first use` };
    }
    return {
      status: "warn",
      detail: `the audit key is a file in ${vault.where}: ${keychainProblem}; anyone who can write jarvis.db can likely read it too`,
      fix: "run a keychain (Secret Service such as gnome-keyring on Linux), and keep `jarvis audit export` copies elsewhere to check with `audit verify --against`",
    };
  },
};

/** Security state: what is protected, where the keys are, and what the user opted out of. */
export const SECURITY_CHECKS: DoctorCheck[] = [protectedFiles, auditKey, ...STORE_CHECKS];
