import type { ValidateFunction } from "ajv";
import { JarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import { EFFECTS, type ToolDefinition } from "../core/tool.js";
import type { KeptValidators } from "./kept-validators.js";
import { annotatedProperties } from "./provenance.js";
import { closeObjects, SchemaValidator } from "./schema-validator.js";

const NAME = /^[a-z0-9_]{1,64}$/;

export interface RegisteredTool {
  definition: ToolDefinition;
  validate: ValidateFunction;
  annotated: ReturnType<typeof annotatedProperties>;
  pathKeys: Array<{ key: string; access: "read" | "write"; isArray: boolean }>;
}

/**
 * Every tool the gate can run (built-in, MCP, generated). A tool's schema is compiled on its
 * first call (ajv costs ~3 ms a schema, which start-up should not pay for 100 tools);
 * `compileAll` checks every schema at once (tests, `jarvis doctor`). Schemas registered as
 * built-in (`registerAll(…, { builtIn: true })`: the code's own catalog) skip the meta-schema
 * check on that first call; `compileAll` checks them all the same.
 *
 * ajv itself loads when a schema is first compiled: awaited in `ready` (the gate's seam before a
 * call), or synchronously from its CommonJS build by code that validates first. With `kept`
 * (a one-shot command), a built-in schema's validator is ajv's standalone code kept from an
 * earlier compile, and ajv does not load at all (`kept-validators.ts`).
 */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private validator: SchemaValidator | undefined;
  /** Per entry: whether its validator is there without ajv (compiled, or kept and read now). */
  private readonly withoutAjv = new WeakMap<RegisteredTool, () => boolean>();
  /** Tools registered from their description only, by name: the load of their group. */
  private readonly pending = new Map<string, () => Promise<void>>();
  /** `list()`'s answer until the next change (sorting ~150 names by locale, per call, showed in start-up profiles). */
  private sorted: ToolDefinition[] | undefined;

  constructor(private readonly options: { logger?: Logger; kept?: KeptValidators } = {}) {}

  /** The ajv compiler, loaded on first need (synchronously when `ready` did not load it first). */
  private ajv(): SchemaValidator {
    this.validator ??= new SchemaValidator(undefined, { keepSource: this.options.kept !== undefined });
    return this.validator;
  }

  register(declared: ToolDefinition, origin: { builtIn?: boolean } = {}): void {
    const definition = withDeclaredEffects(declared, this.options.logger);
    if (this.tools.has(definition.name)) {
      throw new JarvisError("INTERNAL", `tool "${definition.name}" is registered twice`);
    }
    this.tools.set(definition.name, this.entryFor(definition, origin.builtIn ?? false));
    this.sorted = undefined;
  }

  /**
   * Swaps every tool of `group` for `definitions` in one step (an MCP server's tool list
   * changed, or the server went away). Everything is checked first: a bad list leaves the old
   * tools in place, and a name another group owns is refused.
   */
  replaceGroup(group: string, definitions: readonly ToolDefinition[]): void {
    const entries = new Map<string, RegisteredTool>();
    for (const declared of definitions) {
      const definition = withDeclaredEffects(declared, this.options.logger);
      const owner = this.tools.get(definition.name)?.definition.group;
      if (
        definition.group !== group ||
        (owner !== undefined && owner !== group) ||
        entries.has(definition.name)
      ) {
        throw new JarvisError("INTERNAL", `tool "${definition.name}" cannot be registered in group ${group}`);
      }
      entries.set(definition.name, this.entryFor(definition, false));
    }
    for (const [name, tool] of this.tools) if (tool.definition.group === group) this.tools.delete(name);
    for (const [name, entry] of entries) this.tools.set(name, entry);
    this.sorted = undefined;
  }

  private entryFor(definition: ToolDefinition, trusted: boolean): RegisteredTool {
    if (!NAME.test(definition.name)) {
      throw new JarvisError("INTERNAL", `tool name "${definition.name}" must match [a-z0-9_]{1,64}`);
    }
    const properties = (definition.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
    const pathKeys = Object.entries(properties).flatMap(([key, property]) => {
      const isArray = property.type === "array";
      const target = (isArray ? property.items : property) as Record<string, unknown> | undefined;
      const access = target?.["x-path"];
      return access === "read" || access === "write"
        ? [{ key, access: access as "read" | "write", isArray }]
        : [];
    });
    if (definition.parameters.type !== "object") {
      throw new JarvisError("INTERNAL", `tool ${definition.name}: parameters must be an object schema`);
    }
    let compiled: ValidateFunction | undefined;
    const kept = trusted ? this.options.kept : undefined;
    const compile = (): ValidateFunction => {
      if (!kept) return this.ajv().compile(definition.name, definition.parameters, { trusted });
      const closed = closeObjects(structuredClone(definition.parameters));
      const found = kept.read(closed);
      if (found) return found;
      const validator = this.ajv();
      const validate = validator.compile(definition.name, definition.parameters, { trusted });
      const code = validator.standalone(validate);
      if (code !== undefined) kept.keep(closed, code);
      return validate;
    };
    const entry: RegisteredTool = {
      definition,
      get validate(): ValidateFunction {
        compiled ??= compile();
        return compiled;
      },
      annotated: annotatedProperties(definition.parameters),
      pathKeys,
    };
    this.withoutAjv.set(entry, () => {
      compiled ??= kept?.read(closeObjects(structuredClone(definition.parameters)));
      return compiled !== undefined;
    });
    return entry;
  }

  /**
   * Registers a group's tools from their descriptions (`tools`: everything but their code, as
   * the NLU, the model and the gate's validation read it) and loads the group itself when one of
   * them is about to run (`ready`): the loaded tools then replace the described ones under the
   * same names, and they are the ones that run.
   */
  registerLazy(
    tools: readonly ToolDefinition[],
    load: () => Promise<ToolDefinition[]>,
    origin: { builtIn?: boolean } = {},
  ): void {
    for (const tool of tools) this.register(tool, origin);
    let loading: Promise<void> | undefined;
    const ready = () => {
      loading ??= (async () => {
        const loaded = await load();
        for (const tool of loaded) {
          // Unregistered meanwhile (a skill replaced it, a test removed it): not brought back
          if (!this.pending.has(tool.name)) continue;
          const definition = withDeclaredEffects(tool, this.options.logger);
          this.tools.set(tool.name, this.entryFor(definition, origin.builtIn ?? false));
        }
        this.sorted = undefined;
        for (const tool of tools) this.pending.delete(tool.name);
      })();
      return loading;
    };
    for (const tool of tools) this.pending.set(tool.name, ready);
  }

  /** Loads the groups of these tools (every lazily registered group when none are named). */
  async ready(names?: Iterable<string>): Promise<void> {
    const named = names === undefined ? undefined : [...names];
    const loads = new Set<() => Promise<void>>();
    for (const name of named ?? [...this.pending.keys()]) {
      const load = this.pending.get(name);
      if (load) loads.add(load);
    }
    await Promise.all([...loads].map((load) => load()));
    // The named tools are about to run: their validators are read from the kept ones, or ajv
    // loads now (as a chunk of its own) rather than synchronously at the call
    if (named !== undefined && this.validator === undefined) {
      const needed = named.some((name) => {
        const entry = this.tools.get(name);
        return entry !== undefined && this.withoutAjv.get(entry)?.() === false;
      });
      if (needed) {
        const { AJV_LIBRARY } = await import("./ajv-library.js");
        this.validator ??= new SchemaValidator(AJV_LIBRARY, { keepSource: this.options.kept !== undefined });
      }
    }
  }

  /** Whether this tool's own code is loaded (false only for a described tool not yet run). */
  loaded(name: string): boolean {
    return !this.pending.has(name);
  }

  /** Compiles every schema now; throws on the first that does not compile. */
  compileAll(): void {
    for (const { definition } of this.tools.values())
      this.ajv().compile(definition.name, definition.parameters);
  }

  registerAll(definitions: Iterable<ToolDefinition>, origin: { builtIn?: boolean } = {}): void {
    for (const definition of definitions) this.register(definition, origin);
  }

  unregister(name: string): boolean {
    this.pending.delete(name);
    this.sorted = undefined;
    return this.tools.delete(name);
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  list(): ToolDefinition[] {
    this.sorted ??= [...this.tools.values()]
      .map((t) => t.definition)
      .sort((a, b) => a.name.localeCompare(b.name));
    return [...this.sorted];
  }
}

/**
 * A tool that does not say what it does (an extension or generated tool whose definition has no
 * `effects`, or names effects the gate does not know) is taken to do everything, at the most
 * dangerous tier: it always asks, and the omission is logged. An empty list is a declaration:
 * no effect on the world (the plan tool).
 */
function withDeclaredEffects(definition: ToolDefinition, logger: Logger | undefined): ToolDefinition {
  const effects: unknown = definition.effects;
  const valid = Array.isArray(effects) && effects.every((e) => EFFECTS.includes(e));
  if (valid) return definition;
  logger?.warn(
    { tool: definition.name },
    "tool declares no (or unknown) effects: registered as destructive with every effect",
  );
  return { ...definition, effects: [...EFFECTS], risk: "destructive" };
}
