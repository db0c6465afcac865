import type { ModelToolSpec } from "../../brain/models/types.js";
import type { ToolRegistry } from "../../gate/registry.js";
import { toolSpecsFor } from "../context.js";

/**
 * The tools one run offers the model. The first set is chosen once per run and keeps its
 * order for every round (provider prompt caches key on the tools' bytes); tools found later
 * with `tools_search`, or called by exact name, are appended and stay until the run ends.
 */
export class ToolOffer {
  private readonly names: string[];
  private readonly set: Set<string>;
  private cached: ModelToolSpec[] | undefined;
  /** `tools_search` calls made so far in this run. */
  searches = 0;

  constructor(
    private readonly registry: Pick<ToolRegistry, "get">,
    initial: readonly string[],
    /** How many tools one `tools_search` call may add. */
    readonly searchLimit = 8,
  ) {
    this.names = [...new Set(initial)].filter((name) => registry.get(name));
    this.set = new Set(this.names);
  }

  get offered(): ReadonlySet<string> {
    return this.set;
  }

  get size(): number {
    return this.names.length;
  }

  list(): readonly string[] {
    return this.names;
  }

  has(name: string): boolean {
    return this.set.has(name);
  }

  /** Adds registered tools not offered yet, in order; returns those that were new. */
  load(names: readonly string[]): string[] {
    const added: string[] = [];
    for (const name of names) {
      if (this.set.has(name) || !this.registry.get(name)) continue;
      this.set.add(name);
      this.names.push(name);
      added.push(name);
    }
    if (added.length > 0) this.cached = undefined;
    return added;
  }

  /** What the model reads: the offered tools' specs, built once per change. */
  specs(): ModelToolSpec[] {
    this.cached ??= toolSpecsFor(
      this.names.flatMap((name) => {
        const definition = this.registry.get(name)?.definition;
        return definition ? [definition] : [];
      }),
    );
    return this.cached;
  }
}
