export {
  loadVectorExtension,
  migrate,
  type OpenStoreOptions,
  openStore,
  type SqliteDatabase,
} from "./database.js";
export { KeyValueRepository } from "./kv.js";
export { ALL_MIGRATIONS, type Migration } from "./migrations/index.js";
