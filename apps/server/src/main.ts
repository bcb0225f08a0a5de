// The server's entry point: the Node check runs before the server (and its SQLite driver) is imported.
import { requireSupportedNode } from "./supported-node.js";

requireSupportedNode();
await import("./serve.js");
