import {
  type AuditEntry,
  type AuditLog,
  hashEntry,
  mismatch,
  type VerifyResult,
  verifyChain,
} from "../gate/audit.js";
import type { KeyValueRepository } from "../store/kv.js";

export type VerifyMode = "full" | "incremental";

export interface ChainStatus extends VerifyResult {
  /** What this answer checked: the whole chain, or only the entries since the last check. */
  mode: VerifyMode;
  /** How many entries were hashed for this answer. */
  checked: number;
}

/** The end of the prefix already verified: its seq and hash, and how many entries it holds. */
export interface Anchor {
  seq: number;
  hash: string;
  count: number;
}

/** Where the verified prefix outlives the process (so a restart need not re-hash everything). */
export interface AnchorStore {
  load(): Anchor | undefined;
  save(anchor: Anchor | undefined): void;
}

const ANCHOR_KEY = "audit.verified_prefix";

/** The anchor under one key of the store's kv table; a malformed value is ignored (full check). */
export function kvAnchorStore(kv: Pick<KeyValueRepository, "get" | "set" | "delete">): AnchorStore {
  return {
    load() {
      const value = kv.get<Partial<Anchor>>(ANCHOR_KEY);
      const valid =
        Number.isSafeInteger(value?.seq) &&
        (value?.seq ?? 0) > 0 &&
        Number.isSafeInteger(value?.count) &&
        (value?.count ?? 0) > 0 &&
        typeof value?.hash === "string" &&
        /^[0-9a-f]{64}$/.test(value.hash);
      return valid ? (value as Anchor) : undefined;
    },
    save(anchor) {
      if (anchor) kv.set(ANCHOR_KEY, anchor);
      else kv.delete(ANCHOR_KEY);
    },
  };
}

/** More new entries than this since the last check: verify everything again instead. */
const MAX_NEW = 10_000;

/**
 * The audit chain status for `/api/audit`, without re-hashing the whole log on every request.
 * The verified prefix is remembered (last seq + hash); a request checks that the remembered
 * entry is still there, unchanged, and then only the entries after it. Anything unexpected
 * (the remembered entry edited or gone, a big backlog) falls back to a full verification, which
 * is also what `?verify=full` asks for. With a store, the prefix survives restarts (a log cut
 * short while the server was down is still reported). An edit to an older entry is found by a full check only:
 * the remembered entry's hash covers its predecessor's hash, not the predecessor's contents.
 */
export class ChainVerifier {
  private current: Anchor | undefined;

  constructor(
    private readonly audit: Pick<AuditLog, "list" | "iterate" | "key">,
    private readonly store?: AnchorStore,
  ) {
    this.current = store?.load();
  }

  private get anchor(): Anchor | undefined {
    return this.current;
  }

  private set anchor(anchor: Anchor | undefined) {
    const same =
      anchor?.seq === this.current?.seq &&
      anchor?.hash === this.current?.hash &&
      anchor?.count === this.current?.count;
    this.current = anchor;
    if (!same) this.store?.save(anchor);
  }

  verify(mode: VerifyMode = "incremental"): ChainStatus {
    if (mode === "incremental" && this.anchor) {
      const result = this.fromAnchor(this.anchor);
      if (result) return result;
    }
    return this.full();
  }

  private full(): ChainStatus {
    const seen: AuditEntry[] = []; // the last two entries read: the bad one and the one before
    const tracked = (function* (entries: Iterable<AuditEntry>) {
      for (const entry of entries) {
        seen.push(entry);
        if (seen.length > 2) seen.shift();
        yield entry;
      }
    })(this.audit.iterate());
    const result = verifyChain(tracked, this.audit.key);
    const good = result.ok ? seen.at(-1) : seen.length === 2 ? seen[0] : undefined;
    const checked = result.ok ? result.count : result.count + 1;
    const previous = this.anchor;
    // Entries this server verified earlier are gone from the end: a chain cannot show that by
    // itself, so say it while we remember them.
    if (result.ok && previous && (good?.seq ?? 0) < previous.seq) {
      return {
        ok: false,
        count: result.count,
        firstBad: {
          seq: (good?.seq ?? 0) + 1,
          index: result.count,
          problem: `entries ${(good?.seq ?? 0) + 1}–${previous.seq} were verified earlier and are now missing (log truncated)`,
        },
        mode: "full",
        checked,
      };
    }
    this.anchor = good ? { seq: good.seq, hash: good.hash, count: result.count } : undefined;
    return { ...result, mode: "full", checked };
  }

  /** Undefined when the remembered entry no longer matches (then the caller verifies fully). */
  private fromAnchor(anchor: Anchor): ChainStatus | undefined {
    const rows = this.audit.list({ afterSeq: anchor.seq - 1, limit: MAX_NEW + 1 });
    const first = rows[0];
    if (!first || first.seq !== anchor.seq || first.hash !== anchor.hash) return undefined;
    const { hash, ...rest } = first;
    if (hashEntry(rest, this.audit.key) !== hash) return undefined;
    let previousHash = anchor.hash;
    let expectedSeq = anchor.seq + 1;
    let count = anchor.count;
    for (const entry of rows.slice(1)) {
      const { hash: entryHash, ...fields } = entry;
      let problem: string | undefined;
      if (entry.seq !== expectedSeq)
        problem = `expected seq ${expectedSeq}, found ${entry.seq} (entry removed, inserted or moved)`;
      else if (entry.prevHash !== previousHash) problem = "prevHash does not match the entry before it";
      else if (hashEntry(fields, this.audit.key) !== entryHash) problem = mismatch(entry.seq, this.audit.key);
      if (problem) {
        this.anchor = { seq: expectedSeq - 1, hash: previousHash, count };
        return {
          ok: false,
          count,
          firstBad: { seq: entry.seq, index: count, problem },
          mode: "incremental",
          checked: count - anchor.count + 2,
        };
      }
      previousHash = entryHash;
      expectedSeq += 1;
      count += 1;
    }
    this.anchor = { seq: expectedSeq - 1, hash: previousHash, count };
    return { ok: true, count, mode: "incremental", checked: rows.length };
  }
}
