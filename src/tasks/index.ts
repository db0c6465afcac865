export { type Alert, type AlertKind, type AlertStatus, AlertStore } from "./alerts.js";
export { type Condition, conditionsHold, globMatches } from "./conditions.js";
export {
  type AlertActions,
  type AlertChange,
  Delivery,
  type DueItem,
  type DueSource,
  describeLateness,
  type Surface,
} from "./delivery.js";
export { describeRoutine, describeTrigger, routineLine } from "./describe.js";
export { type Firing, RoutineEngine, type RoutineRunner, type RunOutcome } from "./engine.js";
export { type Grant, ownAddresses, parseGrant, standingGrants } from "./grants.js";
export { AgentRoutineRunner } from "./runner.js";
export { compileSchedule, parseEvery, type Schedule, scheduleError, type TimeTrigger } from "./schedule.js";
export { startTasks, type Tasks, type TasksOptions } from "./service.js";
export { reminderSource, timerSource } from "./sources.js";
export { buildSpec, type RoutineArgs, type RoutineSpec, routineArgs, type Trigger } from "./spec.js";
export { type RoutineRecord, type RoutineRunRecord, RoutineStore } from "./store.js";
export { type Part, type PartStatus, Supervisor } from "./supervisor.js";
export { desktopSurface, liveSurface, voiceSurface } from "./surfaces.js";
export { createRoutine, specContext, TasksLink, tasksTools } from "./tools.js";
