import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { ToolStores } from "../ports/tool-stores.js";
import type { ToolCatalogue } from "./catalogue.js";

/** What a handler gets besides its validated input. Built per call by `executeTool`. */
export interface ToolContext {
  principal: ConnectorPrincipal;
  /** Only the stores the tools use (`ToolStores`), one port per need. */
  stores: ToolStores;
  catalogue: ToolCatalogue;
  /** The service's public base URL, for review links. */
  baseUrl: string;
  now: () => Date;
}
