import { Router } from "express";

export interface HealthChecks {
  checkDatabase: () => Promise<void>;
  /** True once SIGTERM arrived: the process finishes what it has but wants no new work. */
  shuttingDown: () => boolean;
}

const unavailable = (message: string) => ({ error: { code: "service_unavailable", message } });

/** `/healthz`: the process answers. `/readyz`: it can also reach its database and is not shutting down. */
export function healthRoutes(checks: HealthChecks): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    if (checks.shuttingDown()) {
      res.status(503).json(unavailable("The process is shutting down."));
      return;
    }
    try {
      await checks.checkDatabase();
      res.json({ status: "ready" });
    } catch {
      res.status(503).json(unavailable("The database is not reachable."));
    }
  });
  return router;
}
