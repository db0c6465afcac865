import { JarvisError } from "../core/errors.js";
import type { CliContext } from "./context.js";
import { readSecret } from "./read-secret.js";

/** Commands that never open the store (or report on it without opening it). */
const WITHOUT_STORE = new Set(["doctor", "config", "nlu", "service", "help"]);

/**
 * On a terminal, asks for the store's passphrase before a command opens the store, when the
 * keychain cannot provide its key: once for an existing store, twice for a new one. The answer
 * goes into this command's environment only (the runtime takes it out before it starts anything).
 */
export async function askStorePassphrase(context: CliContext, argv: readonly string[]): Promise<void> {
  if (!context.stdin.isTTY || context.env.JARVIS_PASSPHRASE) return;
  const command = argv.find((arg) => !arg.startsWith("-"));
  if (!command || WITHOUT_STORE.has(command)) return;
  if (argv.some((arg) => ["--help", "-h", "--version", "-V"].includes(arg))) return;
  const { storePassphraseNeeded } = await import("../runtime/store-key.js");
  const needed = await storePassphraseNeeded(context.env);
  if (!needed) return;
  if (needed === "new") {
    context.printError("No keychain is available to hold the key of Jarvis's store: choose a passphrase.");
  }
  const passphrase = await readSecret(
    context,
    needed === "new" ? "New passphrase" : "Passphrase for Jarvis's store",
  );
  if (!passphrase) {
    throw new JarvisError("USAGE", "no passphrase was given", {
      fix: "type one, or set JARVIS_PASSPHRASE, or set store.encryption: off in config.yaml",
    });
  }
  if (needed === "new" && (await readSecret(context, "Type it again")) !== passphrase) {
    throw new JarvisError("USAGE", "the two passphrases differ", {
      fix: "run the command again and type the same passphrase twice",
    });
  }
  context.env = { ...context.env, JARVIS_PASSPHRASE: passphrase };
}
