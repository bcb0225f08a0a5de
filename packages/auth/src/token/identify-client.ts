import type { AuthStores, OAuthClientRecord } from "@connector/core/ports";
import { InvalidClientError } from "../errors/oauth-error.js";
import type { ParamReader } from "../params.js";

/**
 * Every client here is public (`token_endpoint_auth_method` none, spec §5.1.3): it identifies
 * itself with `client_id` in the body and presents no credential. A credential anyway means the
 * client thinks it is confidential, which this server does not support.
 * @see RFC 6749 §2.3 and §3.2.1, §5.2 (`invalid_client`: unknown, missing or unsupported authentication)
 */
export async function identifyPublicClient(
  stores: Pick<AuthStores, "clients">,
  params: ParamReader,
  authorizationHeader: string | undefined,
): Promise<OAuthClientRecord> {
  if (authorizationHeader !== undefined || params("client_secret") !== undefined || params("client_assertion") !== undefined) {
    throw new InvalidClientError("Only public clients are supported: send client_id and no client credentials.");
  }
  const clientId = params("client_id");
  if (clientId === undefined) throw new InvalidClientError("The client_id parameter is required.");
  const client = await stores.clients.find(clientId);
  if (client === undefined) throw new InvalidClientError("The client is not registered.");
  return client;
}
