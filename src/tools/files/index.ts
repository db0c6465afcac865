import type { ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { createInfoTool } from "./info.js";
import { createListTool } from "./list.js";
import { createMoveTool } from "./move.js";
import { createReadTool } from "./read.js";
import { createSearchTool } from "./search.js";
import { createTrashTools } from "./trash.js";
import { createWriteTool } from "./write.js";

export { decodeText, formatSize } from "./common.js";
export { compileNameMatcher, SEARCH_LIMITS } from "./search.js";
export { FileTrash, type TrashItem } from "./trash-store.js";

/** The `files` group: list, read, search, info, write, move, trash (+ trash list and restore). */
export function createFilesTools(deps: ToolDeps): ToolDefinition[] {
  return [
    createListTool(deps),
    createReadTool(deps),
    createSearchTool(deps),
    createInfoTool(deps),
    createWriteTool(deps),
    createMoveTool(deps),
    ...createTrashTools(deps),
  ];
}
