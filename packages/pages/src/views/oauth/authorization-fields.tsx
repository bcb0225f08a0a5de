import type { ConsentRequest } from "./consent-request.js";

/**
 * The authorization request as hidden fields, so the consent form (and the wrong-account page's
 * "cancel" form) post it back. Nothing here is trusted: the consent endpoint validates it again.
 */
export function AuthorizationFields({ request }: { request: ConsentRequest }) {
  const fields: Record<string, string> = {
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    resource: request.resource,
    scope: request.scopes.join(" "),
    // RFC 9449 §10: the code stays bound to the app's DPoP key through consent.
    ...(request.dpopJkt === undefined ? {} : { dpop_jkt: request.dpopJkt }),
  };
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export const WORKSPACE_NAMES = { desk: "Desk", resolve: "Resolve" } as const;
