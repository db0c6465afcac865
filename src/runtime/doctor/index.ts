import type { DoctorCheck, DoctorContext, DoctorResult } from "../../config/doctor.js";
import { loadConfig } from "../../config/load.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import type { JarvisConfig } from "../../config/schema.js";
import { DOCTOR_CHECKS } from "./checks.js";

export type { DoctorCheck, DoctorContext, DoctorResult } from "../../config/doctor.js";
export { findProgram, OPTIONAL_PROGRAMS } from "../../platform/programs.js";

export async function runDoctor(
  env: NodeJS.ProcessEnv,
  checks: DoctorCheck[] = DOCTOR_CHECKS,
): Promise<DoctorResult[]> {
  const paths = pathsFor(resolveHome(env));
  let config: JarvisConfig | undefined;
  let configError: string | undefined;
  try {
    config = loadConfig(paths.config);
  } catch (error) {
    configError = (error as Error).message;
  }
  const context: DoctorContext = { config, configError, paths, env };
  return Promise.all(
    checks.map(async (check) => {
      try {
        return { name: check.name, area: check.area, ...(await check.run(context)) };
      } catch (error) {
        return {
          name: check.name,
          area: check.area,
          status: "error" as const,
          detail: (error as Error).message,
        };
      }
    }),
  );
}
