/**
 * How the processes serving connector calls learn that credentials stopped being valid (spec
 * §5.1.10, RFC 7009 §2). Whatever revokes publishes here after the revocation is stored, and
 * anything that remembers verified credentials (the verified-token cache) subscribes and forgets
 * them. `publish` resolves once every subscriber of this process has been told, so a revocation
 * bites before the revoking answer is sent; a cross-process feed also tells other processes.
 */
export type Revocation =
  /** A grant and every token issued from it (refresh revocation, code replay, refresh reuse, Connections page). */
  | { kind: "grant"; grantId: string }
  /** One credential, by the SHA-256 hex of its value (an access token at the revocation endpoint). */
  | { kind: "token"; tokenHash: string };

export type RevocationListener = (revocation: Revocation) => void;

export interface RevocationFeed {
  publish(revocation: Revocation): Promise<void>;
  /** Returns a function that ends the subscription. */
  subscribe(listener: RevocationListener): () => void;
}
