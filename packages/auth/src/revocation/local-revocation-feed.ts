import type { Revocation, RevocationFeed, RevocationListener } from "@connector/core/ports";

/**
 * A revocation feed within one process: `publish` tells every subscriber synchronously before it
 * resolves. Enough for one server process; several processes need a feed they all read (a database
 * table or PostgreSQL LISTEN/NOTIFY) behind the same interface.
 */
export function createLocalRevocationFeed(): RevocationFeed {
  const listeners = new Set<RevocationListener>();
  return {
    async publish(revocation: Revocation) {
      for (const listener of listeners) listener(revocation);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
