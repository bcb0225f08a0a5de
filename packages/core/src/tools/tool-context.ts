import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { UnitOfWork } from "../ports/domain-stores.js";
import type { ToolCatalogue } from "./catalogue.js";

/** What a handler gets besides its validated input. Built per call by `executeTool`. */
export interface ToolContext {
  principal: ConnectorPrincipal;
  stores: UnitOfWork;
  catalogue: ToolCatalogue;
  /** The service's public base URL, for review links. */
  baseUrl: string;
  now: () => Date;
}
