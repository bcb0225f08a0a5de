import { ServiceError } from "../errors/service-error.js";
import type { DeskRole } from "../domain/desk-role.js";

/** How a person or program reached a back-office operation. */
export type ActorVia = "session" | "desk_key" | "connection";

/**
 * Someone acting for a Desk outside the connector: a signed-in member or owner (`via: "session"`),
 * or a desk key (`via: "desk_key"`, no person, no role).
 */
export interface DeskActor {
  kind: "desk";
  deskId: string;
  /** The signed-in person; null for a desk key. */
  userId: string | null;
  /** The person's role on the Desk; null for a desk key. */
  role: DeskRole | null;
  via: Exclude<ActorVia, "connection">;
  /** Set when `via` is `desk_key`. */
  keyId?: string;
}

/** A signed-in Resolve consumer. */
export interface ConsumerActor {
  kind: "consumer";
  consumerId: string;
  userId: string;
  via: "session";
}

export type BackOfficeActor = DeskActor | ConsumerActor;

/**
 * Spec §5.2, §5.3: only the signed-in owner of the Desk accepts the agreement, approves placement
 * drafts and manages desk keys (members review). The operations assert it; pages ask it to decide
 * what to show.
 */
export function isSignedInOwner(actor: BackOfficeActor | undefined): actor is DeskActor & { userId: string } {
  return actor?.kind === "desk" && actor.via === "session" && actor.role === "owner" && actor.userId !== null;
}

export function assertSignedInOwner(actor: DeskActor, action: string): asserts actor is DeskActor & { userId: string } {
  if (!isSignedInOwner(actor)) {
    throw new ServiceError("owner_required", `Only the Desk's owner, signed in, can ${action}.`);
  }
}

/** A Desk person signed in (not a desk key, not a connection): who may accept an agency's invite. */
export function isSignedInDeskPerson(actor: BackOfficeActor | undefined): actor is DeskActor {
  return actor?.kind === "desk" && actor.via === "session";
}

/** Desk endpoints refuse consumers (spec §5.2: Resolve agents do not act for a Desk). */
export function assertDeskActor(actor: BackOfficeActor): asserts actor is DeskActor {
  if (actor.kind !== "desk") {
    throw new ServiceError("desk_required", "This is a Desk operation; a Resolve consumer cannot use it.");
  }
}

export function assertConsumerActor(actor: BackOfficeActor): asserts actor is ConsumerActor {
  if (actor.kind !== "consumer") {
    throw new ServiceError("consumer_required", "This is a Resolve operation for the consumer who owns the request.");
  }
}
