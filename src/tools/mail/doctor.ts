import type { DoctorCheck } from "../../config/doctor.js";
import { systemKeychain } from "../../config/secrets.js";
import { quickAccountCheck } from "./account-checks.js";

/** `jarvis doctor`: are the mail and calendar accounts usable (secrets found, servers reachable)? */
export const ACCOUNT_DOCTOR_CHECKS: DoctorCheck[] = (["mail", "calendar"] as const).map((kind) => ({
  name: `${kind} accounts`,
  area: kind,
  async run(context) {
    if (!context.config)
      return {
        status: "error" as const,
        detail: "config.yaml is invalid",
        fix: "run `jarvis doctor` after fixing it",
      };
    return quickAccountCheck(
      context.config,
      { env: context.env, keychain: systemKeychain({ env: context.env }) },
      kind,
    );
  },
}));
