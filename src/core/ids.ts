import { randomBytes, randomUUID } from "node:crypto";

/** Injected id source: `next("run")` → `run_<random>`. */
export interface IdGenerator {
  next(prefix: string): string;
}

export const randomIds: IdGenerator = {
  next: (prefix) => `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
};

/** Deterministic ids for tests: `run_1`, `run_2`, ... per prefix. */
export class SequentialIds implements IdGenerator {
  private readonly counters = new Map<string, number>();
  next(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${n}`;
  }
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
