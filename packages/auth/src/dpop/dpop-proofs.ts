import { hash } from "node:crypto";
import type { AuthStores } from "@connector/core/ports";
import { calculateJwkThumbprint, decodeProtectedHeader, errors as joseErrors, importJWK, jwtVerify } from "jose";
import { type Clock, isoAt, systemClock } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import { DPOP_IAT_WINDOW_MS } from "../lifetimes.js";
import { DPOP_ALGORITHMS } from "./dpop-algorithms.js";
import { createDpopNonces, type DpopNonces } from "./dpop-nonces.js";
import { DpopProofError } from "./dpop-proof-error.js";

/** What a request offers to prove possession of a key with (RFC 9449 §4.1). */
export interface DpopRequest {
  /** The `DPoP` request header as received: absent, once, or (refused) several times. */
  proof: string | readonly string[] | undefined;
  /** The request's method (`htm`). */
  method: string;
  /** The URL the request was sent to, as this service publishes it, without query or fragment (`htu`). */
  url: string;
}

/** A proof that passed every check but the replay one: what binds, and what `spend` records. */
export interface CheckedDpopProof {
  /** The JWK SHA-256 thumbprint (RFC 7638) of the proof's key: what a token is bound to (`cnf.jkt`). */
  jkt: string;
  /** A hash of the thumbprint and `jti`: the proof's identity in the replay store. */
  proofKey: string;
  /** When the proof's `iat` leaves the window, and its `jti` may be forgotten. */
  expiresAt: string;
}

export interface DpopProofs {
  /** `dpop_signing_alg_values_supported` and every challenge's `algs`. */
  readonly algorithms: readonly string[];
  /**
   * RFC 9449 §4.3's checks of one proof, all but the replay check: one header; a JWT typed `dpop+jwt`,
   * signed with an allowed asymmetric algorithm by the public key in its header (no private part);
   * `jti`, `htm`, `htu`, `iat` present; `htm` and `htu` those of this request (`htu` without query or
   * fragment, compared after URL normalisation); `iat` within the window; `ath` the access token's
   * hash when one is presented (§7.1); the server's nonce (§8, §9). Throws {@link DpopProofError}.
   */
  check(request: DpopRequest, accessToken?: string): Promise<CheckedDpopProof>;
  /**
   * §11.1: the proof is spent, by any process; a second presentation is refused. Called last, once
   * everything else about the request has been accepted, so a refused request spends nothing.
   */
  spend(proof: CheckedDpopProof): Promise<void>;
  /** The nonce for a `DPoP-Nonce` header. */
  nonce(): Promise<string>;
}

export interface DpopProofsOptions {
  stores: Pick<AuthStores, "dpop">;
  now?: Clock;
  /** Whether a proof must carry the server's nonce (default true). */
  requireNonce?: boolean;
}

/** `jti` is random from the client; anything much longer is not a proof worth storing. */
const MAX_JTI_LENGTH = 256;
/** Public keys imported and thumbprinted, by their JWK as sent: a client signs every proof with one key. */
const KEYS_KEPT = 1000;

interface KnownKey {
  key: Awaited<ReturnType<typeof importJWK>>;
  jkt: string;
}

export function createDpopProofs(options: DpopProofsOptions): DpopProofs {
  const clock = options.now ?? systemClock;
  const nonces: DpopNonces = createDpopNonces(options.stores, clock);
  const requireNonce = options.requireNonce ?? true;
  const verifyOptions = { typ: "dpop+jwt", algorithms: [...DPOP_ALGORITHMS] };
  const keys = new Map<string, KnownKey>();

  /**
   * The proof's `jwk` header as a key, as jose's `EmbeddedJWK` would give it (a JSON object, of the header's
   * `alg`, `use` sig if present, a public key: a JWK with private members imports as a private key and is
   * refused), imported and thumbprinted once per key: importing and hashing it again on every call of the same
   * client is most of a proof's cost after the signature (docs/decisions.md, "DPoP").
   */
  const headerKey = async (proof: string): Promise<KnownKey> => {
    const header = decodeProtectedHeader(proof);
    const jwk = header.jwk;
    if (typeof jwk !== "object" || jwk === null || Array.isArray(jwk)) throw new joseErrors.JWSInvalid("the jwk header must be a public key");
    if (typeof header.alg !== "string" || !(DPOP_ALGORITHMS as readonly string[]).includes(header.alg)) throw new joseErrors.JOSEAlgNotAllowed("alg");
    const id = `${header.alg} ${JSON.stringify(jwk)}`;
    const known = keys.get(id);
    if (known !== undefined) return known;
    if ((jwk.use !== undefined && jwk.use !== "sig") || (jwk.alg !== undefined && jwk.alg !== header.alg)) {
      throw new joseErrors.JWSInvalid("the jwk header must be a public key for this alg");
    }
    const key = await importJWK(jwk, header.alg);
    if (key instanceof Uint8Array || key.type !== "public") throw new joseErrors.JWSInvalid("the jwk header must be a public key");
    const fresh = { key, jkt: await calculateJwkThumbprint(jwk, "sha256") };
    if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value!);
    keys.set(id, fresh);
    return fresh;
  };

  return {
    algorithms: DPOP_ALGORITHMS,
    async check(request, accessToken) {
      const proof = singleProof(request.proof);
      let payload: Record<string, unknown>;
      let known: KnownKey;
      try {
        known = await headerKey(proof);
        payload = (await jwtVerify(proof, known.key, verifyOptions)).payload;
      } catch (error) {
        throw new DpopProofError("invalid_dpop_proof", describeJoseFailure(error));
      }
      const { jti, htm, htu, iat } = payload;
      if (typeof jti !== "string" || jti.length === 0 || jti.length > MAX_JTI_LENGTH) {
        throw invalid("The DPoP proof needs a jti claim: a unique string of at most 256 characters.");
      }
      if (typeof htm !== "string" || typeof htu !== "string" || typeof iat !== "number") {
        throw invalid("The DPoP proof needs htm, htu and iat claims.");
      }
      if (htm !== request.method) throw invalid(`The DPoP proof is for ${ascii(htm)} requests; this request is ${request.method}.`);
      if (!sameTarget(htu, request.url)) throw invalid(`The DPoP proof's htu is not this request's URL, ${request.url}.`);
      const nowMs = clock();
      if (Math.abs(iat * 1000 - nowMs) > DPOP_IAT_WINDOW_MS) {
        throw invalid("The DPoP proof's iat is more than 5 minutes from the server's clock: sign a new proof (and check the clock).");
      }
      if (accessToken !== undefined && payload.ath !== hash("sha256", accessToken, "base64url")) {
        throw invalid("The DPoP proof's ath is not the hash of the access token sent with it.");
      }
      if (requireNonce) {
        const { nonce } = payload;
        if (typeof nonce !== "string" || !(await nonces.isFresh(nonce))) {
          throw new DpopProofError("use_dpop_nonce", "Sign the DPoP proof again with the nonce in the DPoP-Nonce header.");
        }
      }
      const { jkt } = known;
      return { jkt, proofKey: sha256Hex(`${jkt}.${jti}`), expiresAt: isoAt(iat * 1000 + DPOP_IAT_WINDOW_MS) };
    },
    async spend(proof) {
      const outcome = await options.stores.dpop.recordProof(proof.proofKey, proof.expiresAt, isoAt(clock()));
      if (outcome === "replayed") throw invalid("This DPoP proof was already used: sign a new one (with a new jti) for every request.");
    },
    nonce: () => nonces.current(),
  };
}

const invalid = (description: string) => new DpopProofError("invalid_dpop_proof", description);

/** §4.3 check 1: exactly one `DPoP` header, one value. */
function singleProof(header: DpopRequest["proof"]): string {
  if (header === undefined) throw invalid("Send the DPoP proof in a DPoP header.");
  if (typeof header !== "string") {
    if (header.length !== 1) throw invalid("Send exactly one DPoP header.");
    return singleProof(header[0]);
  }
  if (header.includes(",")) throw invalid("Send exactly one DPoP header.");
  return header.trim();
}

/**
 * §4.3 check 9: `htu` names this request's URL, its query and fragment ignored, compared after the
 * normalisation RFC 3986 §6 allows a parser (scheme and host case, default port, dot segments).
 */
function sameTarget(htu: string, expected: string): boolean {
  if (!URL.canParse(htu)) return false;
  const given = new URL(htu);
  const wanted = new URL(expected);
  return given.origin === wanted.origin && given.pathname === wanted.pathname;
}

function ascii(value: string): string {
  return value.replace(/[^\x20-\x7E]/g, "").slice(0, 16);
}

/** jose's refusals, said for a client developer; nothing of the proof is repeated. */
function describeJoseFailure(error: unknown): string {
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return `The DPoP proof's alg is not accepted: sign with one of ${DPOP_ALGORITHMS.join(", ")}.`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "The DPoP proof's signature does not verify with the jwk in its header.";
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "typ") return "The DPoP proof's typ must be dpop+jwt.";
  if (error instanceof joseErrors.JWTExpired) return "The DPoP proof has expired.";
  if (error instanceof joseErrors.JOSEError && /jwk|public key/i.test(error.message)) {
    return "The DPoP proof's header must carry the public key (jwk) it is signed with, and no private part.";
  }
  return "The DPoP proof is not a well-formed signed JWT (RFC 9449 §4.2).";
}
