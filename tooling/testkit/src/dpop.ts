import * as oauth from "oauth4webapi";

/** Test servers are plain http on loopback, which oauth4webapi refuses unless told. */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** A DPoP key pair (RFC 9449) as oauth4webapi makes it: the private key not extractable. */
export function dpopKeyPair(alg: "ES256" | "EdDSA" = "ES256"): Promise<oauth.CryptoKeyPair> {
  return oauth.generateKeyPair(alg) as Promise<oauth.CryptoKeyPair>;
}

/**
 * Runs a request that carries a DPoP proof and, when the server asks for its nonce (`use_dpop_nonce`,
 * RFC 9449 §8, §9), runs it once more: oauth4webapi's handle has kept the nonce and signs it in.
 */
export async function withDpopNonce<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!oauth.isDPoPNonceError(error)) throw error;
    return attempt();
  }
}

/** What a hand-made proof says; every claim may be left out or set wrong on purpose. */
export interface ProofClaims {
  htm?: string | undefined;
  htu?: string | undefined;
  iat?: number | undefined;
  jti?: string | undefined;
  ath?: string | undefined;
  nonce?: string | undefined;
}

/**
 * A DPoP proof JWT signed by hand (ES256 or EdDSA over Web Crypto), so a test can send exactly the
 * proof it means to, wrong ones included: another `typ`, another `alg` in the header, a private key in
 * the `jwk`, any claims. Defaults: `typ` dpop+jwt, the key's own public JWK, a random `jti`, `iat` now.
 */
export async function signProof(
  keyPair: oauth.CryptoKeyPair,
  claims: ProofClaims,
  header: { typ?: string; alg?: string; jwk?: oauth.JWK } = {},
): Promise<string> {
  const alg = keyPair.privateKey.algorithm.name === "Ed25519" ? "EdDSA" : "ES256";
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", keyPair.publicKey);
  const jwk = header.jwk ?? JSON.parse(JSON.stringify({ kty, crv, x, y }));
  const payload = { jti: crypto.randomUUID(), iat: Math.floor(Date.now() / 1000), ...claims };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode({ typ: header.typ ?? "dpop+jwt", alg: header.alg ?? alg, jwk })}.${encode(payload)}`;
  const algorithm = alg === "EdDSA" ? { name: "Ed25519" } : { name: "ECDSA", hash: "SHA-256" };
  const signature = await crypto.subtle.sign(algorithm, keyPair.privateKey, new TextEncoder().encode(input));
  return `${input}.${Buffer.from(signature).toString("base64url")}`;
}

/** The `ath` of an access token (RFC 9449 §4.2): base64url SHA-256 of its ASCII. */
export async function accessTokenHash(accessToken: string): Promise<string> {
  return Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken))).toString("base64url");
}

/**
 * A protected-resource request as oauth4webapi makes it with DPoP (`Authorization: DPoP`, a proof with
 * `ath`), retried once for the server's nonce; the response whatever its status.
 */
export async function dpopResourceRequest(
  accessToken: string,
  method: string,
  url: string,
  dpop: oauth.DPoPHandle,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const send = () =>
    oauth.protectedResourceRequest(accessToken, method, new URL(url), new Headers(init.headers), init.body ?? null, { DPoP: dpop, ...insecure });
  try {
    return await send();
  } catch (error) {
    if (oauth.isDPoPNonceError(error)) {
      try {
        return await send();
      } catch (again) {
        if (again instanceof oauth.WWWAuthenticateChallengeError) return again.response;
        throw again;
      }
    }
    if (error instanceof oauth.WWWAuthenticateChallengeError) return error.response;
    throw error;
  }
}
