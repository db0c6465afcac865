import type { z } from "zod";
import { HttpError } from "../errors.js";

/** Validates a request body (or query); a bad one is a 400 naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what = "body"): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  const message =
    issue?.code === "unrecognized_keys"
      ? `${issue.keys[0]} is not a known field`
      : `${path || what}: ${issue?.message ?? "invalid"}`;
  throw new HttpError(400, "USAGE", `invalid request ${what}: ${message}`, path ? { path } : {});
}
