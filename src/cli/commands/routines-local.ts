import { JarvisError } from "../../core/errors.js";
import { routineView } from "../../tasks/describe.js";
import { parseGrant } from "../../tasks/grants.js";
import { RoutineStore } from "../../tasks/store.js";
import { createRoutine, specContext, TasksLink } from "../../tasks/tools.js";
import type { CliContext } from "../context.js";
import type { Backend } from "./routines.js";

/**
 * The routines in this process's store, with no service running. A module of its own, imported
 * only then (routines.ts): attached, the service has the routines' tools and store, and this
 * process does not load them.
 */
export async function localRoutines(context: CliContext): Promise<Backend> {
  const runtime = context.runtime();
  const store = new RoutineStore(runtime.db);
  const link = new TasksLink();
  link.gate = runtime.gate;
  link.registry = runtime.registry;
  const view = (id: string) => {
    const record = store.find(id);
    return routineView(record, store.runs(record.id, 10), 0);
  };
  const notRunning = () =>
    new JarvisError("UNAVAILABLE", "routines run only in the Jarvis service, and it is not running", {
      fix: "start it with `jarvis service start` (or keep `jarvis start` open)",
    });
  return {
    attached: false,
    list: async () => store.list().map((record) => routineView(record, store.runs(record.id, 10), 0)),
    show: async (id) => view(id),
    async add(args, words) {
      const record = createRoutine(runtime.deps, link, args, [words]);
      return { routine: view(record.id), ...(record.hookToken ? { hookToken: record.hookToken } : {}) };
    },
    async patch(id, patch) {
      const record = store.find(id);
      const grants = patch.grants?.map((grant) => parseGrant(grant, specContext(runtime.deps, link)));
      store.update(
        record.id,
        {
          ...(patch.status ? { status: patch.status } : {}),
          ...(grants ? { spec: { ...record.spec, grants } } : {}),
        },
        runtime.clock.now(),
      );
      return view(record.id);
    },
    async remove(id) {
      const record = store.find(id);
      store.remove(record.id);
      return record.id;
    },
    run: async () => {
      throw notRunning();
    },
    async hook(id) {
      const record = store.find(id);
      if (!record.hookToken) throw new JarvisError("USAGE", `routine "${record.name}" has no webhook`);
      return {
        url: `http://127.0.0.1:${runtime.config.server.port}/hooks/${record.id}`,
        token: record.hookToken,
      };
    },
  };
}
