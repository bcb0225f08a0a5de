import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthTokenVerifier } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { TokenVerifier } from "@connector/auth";

/**
 * The same verifier in the MCP SDK's shape, for `requireBearerAuth({ verifier, expectedResource,
 * requiredScopes, resourceMetadataUrl })`. The SDK needs a numeric `expiresAt` and compares
 * `resource` with `expectedResource`; handlers find the principal in `authInfo.extra.principal`.
 * Invalid tokens throw the SDK's InvalidTokenError so it answers 401 with its challenge.
 */
export function createMcpTokenVerifier(verifier: TokenVerifier): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const verified = await verifier.verify(token);
      if (verified === undefined) throw new InvalidTokenError("The access token is expired, revoked or unknown.");
      return {
        token,
        clientId: verified.clientId,
        scopes: [...verified.scopes],
        expiresAt: verified.expiresAt,
        resource: new URL(verified.resource),
        extra: { principal: verified.principal },
      };
    },
  };
}
