import { InvalidRequestError } from "../errors/oauth-error.js";

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is always 43 characters of the base64url alphabet. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Spec §5.1.1: PKCE is always required and only S256 is accepted. A missing method would mean
 * `plain` (RFC 7636 §4.3), so it is refused like `plain` itself.
 * @see RFC 7636 §4.4.1 (errors are `invalid_request`), RFC 9700 §2.1.1
 */
export function checkCodeChallenge(challenge: string | undefined, method: string | undefined): string {
  if (challenge === undefined) throw new InvalidRequestError("PKCE is required: send code_challenge with code_challenge_method=S256.");
  if (method !== "S256") throw new InvalidRequestError("Only the S256 code_challenge_method is supported.");
  if (!S256_CHALLENGE.test(challenge)) throw new InvalidRequestError("The code_challenge is not a valid S256 challenge.");
  return challenge;
}
