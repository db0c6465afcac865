import { cp, rename as fsRename, lstat, rm } from "node:fs/promises";

export interface RelocateOptions {
  signal: AbortSignal;
  /** Injected in tests to simulate a cross-device move. */
  rename?: (from: string, to: string) => Promise<void>;
}

/**
 * Moves a file or directory. A rename where possible (atomic, same filesystem); across
 * filesystems, a full copy first and only then removal of the source, so an interruption leaves
 * the data in at least one place. Never overwrites: callers decide about an existing target.
 */
export async function relocate(from: string, to: string, options: RelocateOptions): Promise<void> {
  options.signal.throwIfAborted();
  try {
    await (options.rename ?? fsRename)(from, to);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
  }
  // Only a copy this call created may be cleaned up; an existing target is never touched.
  if (
    await lstat(to).then(
      () => true,
      () => false,
    )
  ) {
    throw Object.assign(new Error(`${to} already exists`), { code: "EEXIST" });
  }
  try {
    await cp(from, to, {
      recursive: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
      verbatimSymlinks: true,
    });
  } catch (error) {
    await rm(to, { recursive: true, force: true });
    throw error;
  }
  if (options.signal.aborted) {
    // Killed mid-move: undo the copy so the call has no effect.
    await rm(to, { recursive: true, force: true });
    options.signal.throwIfAborted();
  }
  await rm(from, { recursive: true, force: true });
}
