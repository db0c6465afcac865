import { existsSync, readFileSync } from "node:fs";
import type { Command } from "commander";
import { loadConfig } from "../../config/load.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import { parseValue, renderConfig, setConfigValue } from "../../config/write.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";
import { tellService } from "./config-reload.js";

export function registerConfigCommands(program: Command, context: CliContext): void {
  const config = program.command("config").description("JARVIS_HOME/config.yaml");
  const file = () => pathsFor(resolveHome(context.env)).config;

  config
    .command("path")
    .description("where the config file is")
    .action(
      action(context, async () => {
        context.print(file());
      }),
    );

  config
    .command("show")
    .description("the effective config, defaults included")
    .option("--raw", "the file as written")
    .action(
      action(context, async (flags: { raw?: boolean }) => {
        if (flags.raw) {
          context.print(existsSync(file()) ? readFileSync(file(), "utf8") : "");
          return;
        }
        context.stdout.write(renderConfig(loadConfig(file())));
      }),
    );

  config
    .command("set <key> <value>")
    .description("set one key (validated before it is written; comments are kept)")
    .action(
      action(context, async (key: string, value: string) => {
        setConfigValue(file(), key, parseValue(value));
        context.print(`${key} = ${JSON.stringify(parseValue(value))}`);
        await tellService(context);
      }),
    );

  config
    .command("reload")
    .description("make the running service use config.yaml as it is now (after editing it by hand)")
    .action(
      action(context, async () => {
        await tellService(context, true);
      }),
    );
}
