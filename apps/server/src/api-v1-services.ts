import { createApiV1Authenticator, deskKeyOperations } from "@connector/auth";
import type { ApiV1Authenticate, ApiV1Services } from "@connector/api-v1";
import type { UnitOfWork } from "@connector/core";
import { PreviewSlots } from "@connector/core/placements";
import type { DoorServices, FixedWindowCounterStore, WorkflowQueue } from "@connector/core/ports";
import type { AuthStores } from "@connector/core/ports";

export interface ApiV1Wiring {
  services: ApiV1Services;
  authenticator: ApiV1Authenticate;
}

/** Wires core's back-office operations and auth's desk keys and authenticator for `/api/v1` (and the pages). */
export function apiV1Services(options: {
  stores: UnitOfWork;
  authStores: AuthStores;
  baseUrl: string;
  now: () => number;
  workflowQueue?: WorkflowQueue;
  reportError?: (error: unknown) => void;
  doors: DoorServices;
  counters: FixedWindowCounterStore;
}): ApiV1Wiring {
  const { stores, authStores, baseUrl, now } = options;
  return {
    services: {
      backOffice: {
        stores,
        now: () => new Date(now()),
        ...(options.workflowQueue === undefined ? {} : { workflowQueue: options.workflowQueue }),
        ...(options.reportError === undefined ? {} : { reportError: options.reportError }),
        // Long work (a file's check, its placement, exports) hands the turn to other requests with a macrotask.
        takeTurn: () => new Promise<void>((resolve) => setImmediate(resolve)),
        previewSlots: new PreviewSlots(),
      },
      // Wired once: the people's pages take these same operations (peoples-pages.ts).
      deskKeys: deskKeyOperations({ stores: authStores, now }),
      baseUrl,
      doors: options.doors,
      counters: options.counters,
    },
    authenticator: createApiV1Authenticator({ stores: authStores, baseUrl, now }),
  };
}
