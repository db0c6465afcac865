import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import addFormatsModule from "ajv-formats";
import type { AjvLibrary } from "./schema-validator.js";

// ajv-formats and ajv's standalone are CommonJS; their default exports arrive wrapped under ESM.
const unwrap = <T>(module: unknown): T => ((module as { default?: unknown }).default ?? module) as T;

/** The bundled ajv (see `schema-validator.ts: AjvLibrary` for who loads it and when). */
export const AJV_LIBRARY: AjvLibrary = {
  Ajv2020,
  addFormats: unwrap<AjvLibrary["addFormats"]>(addFormatsModule),
  standaloneCode: unwrap<AjvLibrary["standaloneCode"]>(standaloneModule),
};
