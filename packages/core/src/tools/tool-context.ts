import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { Language } from "../resolve/languages.js";
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
  /**
   * The language the request prefers (`Accept-Language`, read by the adapter), English when it names
   * none we write in. Only what tools say in people's words follows it (the Resolve guide); names,
   * codes and fields never change.
   */
  language: Language;
}
