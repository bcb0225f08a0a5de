import { randomBytes } from "node:crypto";
import { ServiceError } from "@connector/core";
import {
  assertDeskActor,
  assertSignedInOwner,
  type BackOfficeActor,
  type DeskActor,
} from "@connector/core/back-office";
import { newId } from "@connector/core/domain";
import { assertNoForbiddenPersonalData } from "@connector/core/guard";
import type { AuthStores, DeskKeyOperations, DeskKeyRecord } from "@connector/core/ports";
import { type Clock, isoAt, systemClock } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import { GRANT_TOUCH_INTERVAL_MS } from "../lifetimes.js";

/** Spec §5.2: desk keys look like `service_live_<random>`; the prefix tells scanners what leaked. */
export const DESK_KEY_PREFIX = "service_live_";
const DESK_KEY_PATTERN = /^service_live_[A-Za-z0-9_-]{43}$/;
const MAX_KEY_NAME = 80;

export interface DeskKeyContext {
  stores: Pick<AuthStores, "deskKeys">;
  now?: Clock;
}

/** What a listing shows of a key: never the key, never its hash. */
export type DeskKeyView = Omit<DeskKeyRecord, "deskId">;

export interface MintedDeskKey {
  /** The key itself: shown this once, never stored. */
  key: string;
  deskKey: DeskKeyView;
}

const view = ({ deskId: _deskId, ...rest }: DeskKeyRecord): DeskKeyView => rest;

/** The signed-in Desk owner names and mints a key; a consumer, a member or a key cannot. */
export async function mintDeskKey(context: DeskKeyContext, actor: BackOfficeActor, input: { name: string }): Promise<MintedDeskKey> {
  assertDeskActor(actor);
  assertSignedInOwner(actor, "mint desk keys");
  const name = input.name.trim();
  if (name.length === 0 || name.length > MAX_KEY_NAME) {
    throw new ServiceError("invalid_input", `Name the key in 1 to ${MAX_KEY_NAME} characters.`, { field: "name" });
  }
  assertNoForbiddenPersonalData({ name });
  const now = (context.now ?? systemClock)();
  const key = `${DESK_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const record: DeskKeyRecord = {
    keyId: newId(now),
    deskId: actor.deskId,
    name,
    createdByUserId: actor.userId,
    createdAt: isoAt(now),
    lastUsedAt: null,
    revokedAt: null,
  };
  await context.stores.deskKeys.create({ ...record, keyHash: sha256Hex(key) });
  return { key, deskKey: view(record) };
}

export async function listDeskKeys(context: DeskKeyContext, actor: BackOfficeActor): Promise<DeskKeyView[]> {
  assertDeskActor(actor);
  assertSignedInOwner(actor, "see the Desk's keys");
  return (await context.stores.deskKeys.listByDesk(actor.deskId)).map(view);
}

/** Revoked at once: every request verifies its key against the database (no cache). */
export async function revokeDeskKey(context: DeskKeyContext, actor: BackOfficeActor, keyId: string): Promise<void> {
  assertDeskActor(actor);
  assertSignedInOwner(actor, "revoke desk keys");
  const now = isoAt((context.now ?? systemClock)());
  if (!(await context.stores.deskKeys.revoke(actor.deskId, keyId.toLowerCase(), now))) {
    throw new ServiceError("not_found", "There is no live key with this id on this Desk.");
  }
}

/** The Desk a live key acts for, or undefined for a malformed, unknown or revoked key. */
export async function verifyDeskKey(context: DeskKeyContext, key: string): Promise<DeskActor | undefined> {
  if (!DESK_KEY_PATTERN.test(key)) return undefined;
  const record = await context.stores.deskKeys.findByHash(sha256Hex(key));
  if (record === undefined || record.revokedAt !== null) return undefined;
  const nowMs = (context.now ?? systemClock)();
  // "Last used" to the minute, so verifying rarely writes.
  if (record.lastUsedAt === null || Date.parse(record.lastUsedAt) + GRANT_TOUCH_INTERVAL_MS <= nowMs) {
    await context.stores.deskKeys.touch(record.keyId, isoAt(nowMs));
  }
  return { kind: "desk", deskId: record.deskId, userId: null, role: null, via: "desk_key", keyId: record.keyId };
}

/** The Desk-key operations both doors use (the Agent door's page and `/api/v1`), bound once to the stores. */
export function deskKeyOperations(context: DeskKeyContext): DeskKeyOperations {
  return {
    mint: (actor, input) => mintDeskKey(context, actor, input),
    list: (actor) => listDeskKeys(context, actor),
    revoke: (actor, keyId) => revokeDeskKey(context, actor, keyId),
  };
}
