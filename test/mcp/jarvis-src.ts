// The `jarvis` command from source (no build needed): `node --import tsx test/mcp/jarvis-src.ts mcp serve`.
import { main } from "../../src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
