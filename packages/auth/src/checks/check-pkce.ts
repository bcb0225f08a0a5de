import { createHash } from "node:crypto";
import { constantTimeEqual } from "../crypto/secrets.js";
import { InvalidGrantError } from "../errors/oauth-error.js";

/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Token-side PKCE check for the authorization_code grant.
 * - A verifier for a code issued without a challenge is refused, which blocks PKCE downgrade
 *   (RFC 9700 §2.1.1); a code without a challenge is refused anyway because PKCE is mandatory.
 * - The S256 transform of the verifier is compared with the challenge in constant time.
 * @see RFC 7636 §4.5, §4.6
 */
export function checkPkceVerifier(challenge: string | null, verifier: string | undefined): void {
  if (challenge === null) {
    throw new InvalidGrantError(
      verifier === undefined
        ? "This authorization code was issued without PKCE and cannot be exchanged."
        : "A code_verifier was sent for an authorization code issued without a code_challenge.",
    );
  }
  if (verifier === undefined) throw new InvalidGrantError("The code_verifier parameter is required.");
  if (!VERIFIER.test(verifier)) throw new InvalidGrantError("The code_verifier is malformed.");
  const transformed = createHash("sha256").update(verifier, "ascii").digest("base64url");
  if (!constantTimeEqual(transformed, challenge)) throw new InvalidGrantError("PKCE verification failed.");
}
