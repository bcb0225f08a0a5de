// `backup`'s entry point: the Node check runs before the command (and its SQLite driver) is imported.
import { requireSupportedNode } from "./supported-node.js";

requireSupportedNode();
await import("./backup-command.js");
