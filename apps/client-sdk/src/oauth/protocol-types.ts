/**
 * The OAuth shapes the public API hands out, written here rather than taken from oauth4webapi: that package is
 * ES-module-only, and a CommonJS declaration file that imports its types fails with TS1479 under `module`
 * node16 and `skipLibCheck: false` (issue 54). oauth4webapi's own types are assignable to these.
 */

/** The authorization server's RFC 8414 metadata, as discovered. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly authorization_endpoint?: string | undefined;
  readonly token_endpoint?: string | undefined;
  readonly registration_endpoint?: string | undefined;
  readonly revocation_endpoint?: string | undefined;
  readonly client_id_metadata_document_supported?: boolean | undefined;
  readonly [metadata: string]: unknown;
}

/** What discovery found for one workspace. */
export interface ConnectorDiscovery {
  as: AuthorizationServerMetadata;
  /** The exact MCP URL of the workspace: the `resource` of every authorization and token request. */
  resource: string;
  /** The authorization server as the protected-resource metadata names it. */
  issuer: string;
}

/** A token endpoint's successful answer (RFC 6749 §5.1). */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in?: number | undefined;
  readonly refresh_token?: string | undefined;
  readonly scope?: string | undefined;
}
