/**
 * Which workspace package may depend on which (at run time: `dependencies` and the imports of
 * `src/`). Tests and tooling may use anything. The layers, lowest first:
 *
 *   core                          the domain; depends on no workspace package
 *   store, vendors, workflow-engine, http
 *                                 beside one another, each over core
 *   ui                            the pages' templates, over core's languages and http's readers
 *   mcp-apps                      the MCP Apps cards, rendered with ui's components
 *   auth, rest-server, mcp-server, api-v1, pages
 *                                 adapters, beside one another: none imports another
 *   apps/server, examples         assemblies: bind the adapters to one another
 *
 * The OAuth server (auth) shows a person pages through a port it declares (`PersonPages`) and the
 * pages through ports they declare (`PageSessions`), so neither installs the other.
 */
export const MAY_DEPEND_ON: Readonly<Record<string, readonly string[]>> = {
  "@connector/core": [],
  "@connector/store": ["@connector/core"],
  "@connector/vendors": ["@connector/core"],
  "@connector/workflow-engine": ["@connector/core"],
  "@connector/http": ["@connector/core"],
  "@connector/ui": ["@connector/core", "@connector/http"],
  "@connector/mcp-apps": ["@connector/core", "@connector/ui"],
  "@connector/auth": ["@connector/core", "@connector/http"],
  "@connector/rest-server": ["@connector/core", "@connector/http"],
  "@connector/mcp-server": ["@connector/core", "@connector/http", "@connector/mcp-apps"],
  "@connector/api-v1": ["@connector/core", "@connector/http"],
  "@connector/pages": ["@connector/core", "@connector/http", "@connector/ui"],
  // The typed client third parties install: nothing of the service.
  "@connector/client": [],
};

/**
 * What of OpenTelemetry a package may use: its API alone, which does nothing until a host registers an
 * SDK. The SDK (exporters, processors, context managers, resources) is the assembly's (apps/server), so
 * a host that embeds the packages chooses its own or none.
 */
export const OPEN_TELEMETRY_API = "@opentelemetry/api";

/** Assemblies may depend on any workspace package. */
export const ASSEMBLIES: ReadonlySet<string> = new Set(["@connector/server"]);
/** Folders whose packages are assemblies too (hosts that show how to embed core). */
export const ASSEMBLY_FOLDERS: readonly string[] = ["examples"];
/** Private tooling: checked by nothing here. */
export const TOOLING_FOLDERS: readonly string[] = ["tooling"];
