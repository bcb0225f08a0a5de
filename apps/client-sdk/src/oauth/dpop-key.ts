import * as oauth from "oauth4webapi";

/** The DPoP signing algorithms this client makes keys for: both are in every connector service's list. */
export type DpopAlgorithm = "ES256" | "EdDSA";

/**
 * A Web Crypto key (`CryptoKey` in browsers, workers, Node, Deno, Bun), as far as this package names it: written
 * out so the published types need neither the DOM's nor Node's.
 */
export interface WebCryptoKey {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: object;
  readonly usages: readonly string[];
}

/** A Web Crypto key pair, as `crypto.subtle.generateKey` returns it. */
export interface DpopKeyPair {
  privateKey: WebCryptoKey;
  publicKey: WebCryptoKey;
}

/** A JSON Web Key (RFC 7517) as plain JSON. */
export type Jwk = { [member: string]: unknown };

/**
 * The DPoP key as a token store keeps it, beside the tokens it binds:
 * - `keyPair`: the Web Crypto keys themselves, the private one not extractable (the memory store; a browser
 *   store that keeps objects, such as IndexedDB, keeps them the same way);
 * - `privateJwk`: the private key as a JWK, for a store that writes JSON (the file store, owner-only).
 */
export type StoredDpopKey = { alg: DpopAlgorithm; keyPair: DpopKeyPair } | { alg: DpopAlgorithm; privateJwk: Jwk; publicJwk: Jwk };

/** `ConnectorAuthOptions.dpop` as an object. */
export interface DpopOptions {
  /** Your own key pair (a browser app that keeps it in IndexedDB, say); default: one made and kept in the store. */
  keyPair?: DpopKeyPair;
  /** The algorithm of a key made here. Default ES256. */
  alg?: DpopAlgorithm;
}

/** A DPoP key ready to sign with. */
export interface DpopKey {
  alg: DpopAlgorithm;
  keyPair: DpopKeyPair;
  /** The public key as the `jwk` of every proof. */
  publicJwk: Jwk;
  /** Its RFC 7638 SHA-256 thumbprint: what the service binds the tokens to (`cnf.jkt`), and `dpop_jkt`. */
  thumbprint: string;
}

const subtle = () => globalThis.crypto.subtle as unknown as WebCryptoSubtle;

/** The few SubtleCrypto calls used here, typed loosely (the DOM's and Node's types differ in detail). */
interface WebCryptoSubtle {
  generateKey(algorithm: object, extractable: boolean, usages: string[]): Promise<DpopKeyPair>;
  exportKey(format: "jwk", key: WebCryptoKey): Promise<Jwk>;
  importKey(format: "jwk", key: Jwk, algorithm: object, extractable: boolean, usages: string[]): Promise<WebCryptoKey>;
}

const ALGORITHM: Record<DpopAlgorithm, object> = {
  ES256: { name: "ECDSA", namedCurve: "P-256" },
  EdDSA: { name: "Ed25519" },
};

/** A new key pair; the private key extractable only when the store must write it as JSON. */
export function generateDpopKeyPair(alg: DpopAlgorithm, extractable: boolean): Promise<DpopKeyPair> {
  return subtle().generateKey(ALGORITHM[alg], extractable, ["sign", "verify"]);
}

/** What a store keeps of a key pair: the objects, or (for a JSON store) the JWKs. */
export async function toStoredKey(alg: DpopAlgorithm, keyPair: DpopKeyPair, format: "jwk" | "cryptokey"): Promise<StoredDpopKey> {
  if (format === "cryptokey") return { alg, keyPair };
  return { alg, privateJwk: await subtle().exportKey("jwk", keyPair.privateKey), publicJwk: await subtle().exportKey("jwk", keyPair.publicKey) };
}

/** A stored key made usable: JWKs imported (the private key not extractable in memory), the thumbprint computed. */
export async function fromStoredKey(stored: StoredDpopKey): Promise<DpopKey> {
  let keyPair: DpopKeyPair;
  if ("keyPair" in stored) {
    keyPair = stored.keyPair;
    if (typeof keyPair?.privateKey?.type !== "string" || typeof keyPair.publicKey?.type !== "string") {
      throw new TypeError(
        "The token store lost the DPoP key (it keeps the connection as JSON, which a CryptoKey does not survive): give the store `dpopKeyFormat: \"jwk\"`, or pass `dpop: { keyPair }` and keep the key yourself.",
      );
    }
  } else {
    const algorithm = ALGORITHM[stored.alg];
    keyPair = {
      privateKey: await subtle().importKey("jwk", stored.privateJwk, algorithm, false, ["sign"]),
      publicKey: await subtle().importKey("jwk", stored.publicJwk, algorithm, true, ["verify"]),
    };
  }
  return dpopKey(stored.alg, keyPair);
}

export async function dpopKey(alg: DpopAlgorithm, keyPair: DpopKeyPair): Promise<DpopKey> {
  const { kty, crv, x, y } = await subtle().exportKey("jwk", keyPair.publicKey);
  const publicJwk: Jwk = JSON.parse(JSON.stringify({ kty, crv, x, y }));
  const handle = oauth.DPoP({}, keyPair as unknown as oauth.CryptoKeyPair);
  return { alg, keyPair, publicJwk, thumbprint: await handle.calculateThumbprint() };
}

/** The algorithm of a key pair a caller gave (ECDSA P-256 or Ed25519). */
export function algorithmOf(keyPair: DpopKeyPair): DpopAlgorithm {
  const name = (keyPair.privateKey.algorithm as { name?: string }).name;
  if (name === "Ed25519") return "EdDSA";
  if (name === "ECDSA") return "ES256";
  throw new TypeError(`dpop.keyPair must be an ECDSA P-256 or Ed25519 key pair, not ${String(name)}.`);
}
