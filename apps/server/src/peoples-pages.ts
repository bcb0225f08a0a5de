import { listUserConnections, revokeUserGrant } from "@connector/auth";
import type { AuthStores, RevocationFeed } from "@connector/core/ports";
import type { ApiV1Services } from "@connector/api-v1";
import { createPagesRouter, type PageSessions } from "@connector/pages";
import type { BufferedActivityRecorder } from "@connector/store";
import type { Router } from "express";
import { logServerFailure } from "./log-server-failure.js";
import type { Logger } from "./logger.js";

/**
 * The people's pages (@connector/pages) wired to the same operations /api/v1 uses: the back office,
 * auth's desk keys, and auth's connections with their trails and revocation through the service's feed
 * (so a revoked connection is refused at once on every process).
 */
export function peoplesPages(options: {
  sessions: PageSessions;
  backOffice: ApiV1Services;
  authStores: AuthStores;
  revocations: RevocationFeed;
  connectionActivity: BufferedActivityRecorder;
  logger: Logger;
}): Router {
  const { authStores, revocations, logger } = options;
  const pagesLogger = logger.child({ component: "pages" });
  return createPagesRouter({
    sessions: options.sessions,
    backOffice: options.backOffice.backOffice,
    deskKeys: options.backOffice.deskKeys,
    counters: options.backOffice.counters,
    baseUrl: options.backOffice.baseUrl,
    connections: {
      list: (userId) => listUserConnections({ stores: authStores, activity: options.connectionActivity }, userId),
      revoke: (userId, grantId) => revokeUserGrant({ stores: authStores, revocations, logger: pagesLogger }, userId, grantId),
    },
    reportError: (error, requestId) => logServerFailure(pagesLogger, "page failed", error, requestId),
  });
}
