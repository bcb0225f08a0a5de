// `create-user`'s entry point: the Node check runs before the command (and its SQLite driver) is imported.
import { requireSupportedNode } from "./supported-node.js";

requireSupportedNode();
const { runCreateUserCommand } = await import("./create-user-command.js");
const outcome = await runCreateUserCommand(process.argv.slice(2), process.env);
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.code;
