/** What a developer needs to connect an agent, as absolute URLs of this deployment. */
export interface ConnectionFacts {
  mcp: { desk: string; resolve: string };
  restBase: string;
  openApi: { combined: string; desk: string; resolve: string; legacy: string };
  authorizationServerMetadata: string;
  legacyBase: string;
}

/**
 * The published addresses (spec §4.1, §4.2, §4.3), derived from the base URL so every page and the
 * guide print this deployment's own. The paths are the ones the routers mount.
 */
export function connectionFacts(baseUrl: string): ConnectionFacts {
  const at = (path: string) => `${baseUrl.replace(/\/+$/, "")}${path}`;
  return {
    mcp: { desk: at("/mcp/desk"), resolve: at("/mcp/resolve") },
    restBase: at("/api/connectors/v1"),
    openApi: {
      combined: at("/api/connectors/v1/openapi.json"),
      desk: at("/api/connectors/v1/desk/openapi.json"),
      resolve: at("/api/connectors/v1/resolve/openapi.json"),
      legacy: at("/api/v1/openapi.json"),
    },
    authorizationServerMetadata: at("/.well-known/oauth-authorization-server"),
    legacyBase: at("/api/v1"),
  };
}
