import { createRequire } from "node:module";
import Database from "better-sqlite3-multiple-ciphers";
import { modelDoctorCheck } from "../../brain/models/doctor.js";
import type { DoctorCheck } from "../../config/doctor.js";
import { DOCTOR_MCP_CHECK } from "../../extend/mcp/doctor.js";
import { sandboxDoctorCheck } from "../../extend/sandbox/doctor.js";
import { embeddingsCheck } from "../../knowledge/doctor.js";
import { DESKTOP_CHECKS } from "../../platform/doctor.js";
import { findProgram, OPTIONAL_PROGRAMS } from "../../platform/programs.js";
import { browserDoctorCheck } from "../../tools/browser/doctor.js";
import { ACCOUNT_DOCTOR_CHECKS } from "../../tools/mail/doctor.js";
import { VOICE_DOCTOR_CHECKS } from "../../voice/doctor.js";
import { SECURITY_CHECKS } from "./security.js";
import { serviceDoctorCheck } from "./service.js";

const nodeCheck: DoctorCheck = {
  name: "node",
  area: "core",
  async run() {
    const major = Number(process.versions.node.split(".")[0]);
    return major >= 22
      ? { status: "ok", detail: `Node ${process.versions.node}` }
      : {
          status: "warn",
          detail: `Node ${process.versions.node} is older than 22`,
          fix: "use `npx jarvis` (brings Node 24) or install Node 24 LTS",
        };
  },
};

const configCheck: DoctorCheck = {
  name: "config",
  area: "core",
  async run(context) {
    return context.configError
      ? { status: "error", detail: context.configError, fix: "fix config.yaml (see `jarvis config path`)" }
      : { status: "ok", detail: context.paths.config };
  },
};

const sqliteCheck: DoctorCheck = {
  name: "sqlite",
  area: "core",
  async run() {
    try {
      const db = new Database(":memory:");
      const version = (db.prepare("select sqlite_version() as v").get() as { v: string }).v;
      db.exec("create virtual table t using fts5(x)");
      db.close();
      return { status: "ok", detail: `SQLite ${version} with FTS5` };
    } catch (error) {
      return { status: "error", detail: (error as Error).message, fix: "reinstall with `npm ci`" };
    }
  },
};

const sqliteVecCheck: DoctorCheck = {
  name: "sqlite-vec",
  area: "knowledge",
  async run() {
    try {
      const db = new Database(":memory:");
      createRequire(import.meta.url)("sqlite-vec").load(db);
      const version = (db.prepare("select vec_version() as v").get() as { v: string }).v;
      db.close();
      return { status: "ok", detail: `sqlite-vec ${version}` };
    } catch (error) {
      return {
        status: "missing",
        detail: (error as Error).message,
        fix: "vector search needs sqlite-vec for this platform: `npm ci`",
      };
    }
  },
};

const programChecks: DoctorCheck[] = OPTIONAL_PROGRAMS.map((entry) => ({
  name: entry.program,
  area: entry.area,
  async run(context) {
    const found = findProgram(entry.program, context.env);
    if (found) return { status: "ok", detail: `${found} (${entry.enables})` };
    const fix =
      process.platform === "darwin" && entry.mac ? entry.mac : `sudo apt-get install ${entry.debian}`;
    return { status: "missing", detail: `needed for ${entry.enables}`, fix };
  },
}));

/** Every check, in the order printed. Areas add theirs here. */
export const DOCTOR_CHECKS: DoctorCheck[] = [
  nodeCheck,
  configCheck,
  sqliteCheck,
  sqliteVecCheck,
  ...SECURITY_CHECKS,
  embeddingsCheck,
  modelDoctorCheck,
  ...programChecks,
  ...DESKTOP_CHECKS,
  ...VOICE_DOCTOR_CHECKS,
  browserDoctorCheck,
  ...ACCOUNT_DOCTOR_CHECKS,
  DOCTOR_MCP_CHECK,
  sandboxDoctorCheck,
  serviceDoctorCheck,
];
