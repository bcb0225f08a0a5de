import { MAX_REQUEST_BYTES } from "@connector/http";
import cors from "cors";
import express, { Router } from "express";
import type { AuthContext } from "../../context.js";
import { ENDPOINT_PATHS } from "../../discovery/endpoints.js";
import { InvalidClientMetadataError } from "../../errors/oauth-error.js";
import { registerClient } from "../../registration/register-client.js";
import { registrationRateLimit } from "../rate-limits.js";
import { requestContext } from "../request-context.js";
import { noStore, sendOAuthError } from "../send.js";

/** RFC 7591 §3 registration endpoint: JSON in, 201 JSON out, CORS for browser-based clients, rate-limited per IP. */
export function registrationRoutes(context: AuthContext, registrationsPerHour: number): Router {
  const router = Router();
  router.use(ENDPOINT_PATHS.registration, cors({ methods: ["POST"] }));
  router.post(
    ENDPOINT_PATHS.registration,
    registrationRateLimit(context, registrationsPerHour),
    express.json({ limit: MAX_REQUEST_BYTES }),
    async (req, res) => {
      try {
        const information = await registerClient(requestContext(context, res), req.body);
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
      // Only a body the parser refused is the client's fault; anything else (the rate limiter's
      // store failing, say, when the database is down) is answered as the server's.
      sendOAuthError(
        res,
        isRefusedBody(error)
          ? new InvalidClientMetadataError("The registration request must be a JSON object.", { cause: error })
          : error,
        context.logger,
      );
    },
  );
  return router;
}

/** body-parser's refusals (malformed JSON, too large, unsupported charset) are 4xx http-errors with a `type`. */
function isRefusedBody(error: unknown): boolean {
  const { status, type } = (typeof error === "object" && error !== null ? error : {}) as { status?: unknown; type?: unknown };
  return typeof type === "string" && typeof status === "number" && status >= 400 && status < 500;
}
