import cors from "cors";
import express, { Router } from "express";
import type { AuthContext } from "../../context.js";
import { ENDPOINT_PATHS } from "../../discovery/endpoints.js";
import { InvalidClientMetadataError } from "../../errors/oauth-error.js";
import { registerClient } from "../../registration/register-client.js";
import { registrationRateLimit } from "../rate-limits.js";
import { noStore, sendOAuthError } from "../send.js";

/** RFC 7591 §3 registration endpoint: JSON in, 201 JSON out, CORS for browser-based clients, rate-limited per IP. */
export function registrationRoutes(context: AuthContext, registrationsPerHour: number): Router {
  const router = Router();
  router.use(ENDPOINT_PATHS.registration, cors({ methods: ["POST"] }));
  router.post(
    ENDPOINT_PATHS.registration,
    registrationRateLimit(context.stores.registrationLimits, context.now, registrationsPerHour),
    express.json({ limit: "64kb" }),
    async (req, res) => {
      try {
        const information = await registerClient(context, req.body);
        noStore(res);
        res.status(201).json(information);
      } catch (error) {
        sendOAuthError(res, error, context.logger);
      }
    },
  );
  router.use(
    ENDPOINT_PATHS.registration,
    (error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      sendOAuthError(
        res,
        new InvalidClientMetadataError("The registration request must be a JSON object.", { cause: error }),
        context.logger,
      );
    },
  );
  return router;
}
