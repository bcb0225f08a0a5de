import { Router } from "express";

/** `/healthz`: the process answers. `/readyz`: it can also reach its database. */
export function healthRoutes(checkDatabase: () => Promise<void>): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    try {
      await checkDatabase();
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ error: { code: "service_unavailable", message: "The database is not reachable." } });
    }
  });
  return router;
}
