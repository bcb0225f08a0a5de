/**
 * Desk keys (spec §5.2): `service_live_…` bearer keys an agent uses on `/api/v1` for one Desk.
 * Only the SHA-256 of a key is stored; the key itself is shown once, when it is minted.
 */
export interface DeskKeyRecord {
  keyId: string;
  deskId: string;
  name: string;
  createdByUserId: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface DeskKeyStore {
  create(key: DeskKeyRecord & { keyHash: string }): Promise<void>;
  findByHash(keyHash: string): Promise<DeskKeyRecord | undefined>;
  /** Newest first, revoked keys included (their revocation time shows). */
  listByDesk(deskId: string): Promise<DeskKeyRecord[]>;
  /** False when the key is not this Desk's or was already revoked. */
  revoke(deskId: string, keyId: string, now: string): Promise<boolean>;
  touch(keyId: string, now: string): Promise<void>;
}
