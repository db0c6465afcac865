import type { Logger } from "../../core/logger.js";
import { probeSandbox } from "./detect.js";
import { JsSandbox } from "./quickjs.js";
import { Sandbox } from "./sandbox.js";
import type { SandboxSupport } from "./types.js";

/**
 * The sandbox for one process, found on first use (probing runs bwrap a few times, which
 * commands that never run untrusted code should not pay for), with its warm JavaScript child.
 */
export class SandboxService {
  private found: Sandbox | undefined;
  private javascript: JsSandbox | undefined;

  constructor(
    private readonly options: { env: NodeJS.ProcessEnv; logger: Logger; probe?: () => SandboxSupport },
  ) {}

  get sandbox(): Sandbox {
    this.found ??= new Sandbox(
      (this.options.probe ?? (() => probeSandbox({ env: this.options.env })))(),
      this.options.logger.child({ area: "sandbox" }),
    );
    return this.found;
  }

  get support(): SandboxSupport {
    return this.sandbox.support;
  }

  get js(): JsSandbox {
    this.javascript ??= new JsSandbox(this.sandbox, {
      logger: this.options.logger.child({ area: "quickjs" }),
    });
    return this.javascript;
  }

  async close(): Promise<void> {
    await this.javascript?.close();
    await this.found?.close();
  }
}
