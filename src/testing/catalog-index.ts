import { toolLanguage } from "../brain/retrieval/language.js";
import { type RankRequest, ToolIndex } from "../brain/retrieval/tool-index.js";
import { silentLogger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";
import { createRuntime, type Runtime } from "../runtime/runtime.js";
import { createTempHome, type TempHome } from "./home.js";

/**
 * The built-in catalog and its retrieval index, for tests that rank requests against the real
 * tools: `open()` in a `beforeAll`, `close()` in the `afterAll`.
 */
export class CatalogIndexFixture {
  private temp: TempHome | undefined;
  private runtime: Runtime | undefined;
  catalog: ToolDefinition[] = [];
  index!: ToolIndex;

  open(prefix: string): void {
    this.temp = createTempHome(prefix);
    this.runtime = createRuntime({ env: this.temp.env, logger: silentLogger });
    this.catalog = this.runtime.registry.list();
    this.index = new ToolIndex(this.catalog, toolLanguage(this.catalog));
  }

  async close(): Promise<void> {
    await this.runtime?.close();
    this.temp?.cleanup();
  }

  /** The names of the best `n` tools for a request. */
  top(request: RankRequest, n: number): string[] {
    return this.index
      .rank(request)
      .slice(0, n)
      .map((t) => t.name);
  }

  /** Where a tool ranks for a request (0 = first). */
  rankOf(request: RankRequest, name: string): number {
    return this.index.rank(request).findIndex((t) => t.name === name);
  }
}
