import type { BackOfficeActor } from "../back-office/back-office-actor.js";

/**
 * A Desk's keys as its people manage them (the Agent door's page and `/api/v1/desk-keys`): declared
 * here, beside the other ports both doors use, implemented once by @connector/auth
 * (`deskKeyOperations`), wired once by the host.
 */
export interface DeskKeyOperations {
  /** The key itself is in `key`, shown this once and never stored. */
  mint(actor: BackOfficeActor, input: { name: string }): Promise<{ key: string; deskKey: DeskKeyListing }>;
  list(actor: BackOfficeActor): Promise<DeskKeyListing[]>;
  revoke(actor: BackOfficeActor, keyId: string): Promise<void>;
}

/** What a listing shows of a key: never the key, never its hash. */
export interface DeskKeyListing {
  keyId: string;
  name: string;
  /** The Desk owner who minted it. */
  createdByUserId: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
