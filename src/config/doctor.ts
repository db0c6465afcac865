import type { JarvisPaths } from "./paths.js";
import type { JarvisConfig } from "./schema.js";

export interface DoctorContext {
  config: JarvisConfig | undefined;
  configError: string | undefined;
  paths: JarvisPaths;
  env: NodeJS.ProcessEnv;
}

export interface DoctorResult {
  name: string;
  area: string;
  status: "ok" | "missing" | "warn" | "error";
  detail: string;
  /** How to enable it, when it is not ok. */
  fix?: string;
}

/** One thing `jarvis doctor` looks at. Checks never throw; they report. */
export interface DoctorCheck {
  name: string;
  area: string;
  run(context: DoctorContext): Promise<Omit<DoctorResult, "name" | "area">>;
}
