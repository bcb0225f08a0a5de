import { InvalidRequestError } from "../errors/oauth-error.js";

/** A JWK SHA-256 thumbprint (RFC 7638) in base64url: 32 bytes, 43 characters, no padding. */
const THUMBPRINT = /^[A-Za-z0-9_-]{43}$/;

/**
 * RFC 9449 §10: `dpop_jkt` on the authorization request binds the code to the key with that thumbprint,
 * so only a token request with a proof of that key can redeem it. Optional; when sent it must be a thumbprint.
 */
export function checkDpopJkt(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!THUMBPRINT.test(value)) {
    throw new InvalidRequestError("The dpop_jkt parameter must be the base64url SHA-256 JWK thumbprint (RFC 7638) of the DPoP key.");
  }
  return value;
}
