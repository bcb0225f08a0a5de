import { isServiceError } from "@connector/core";
import { readJsonBody } from "@connector/http";
import cors from "cors";
import { type NextFunction, type Request, type Response, Router } from "express";
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
    async (req, res) => {
      try {
        const information = await registerClient(requestContext(context, res), await readMetadata(req));
        noStore(res);
        res.status(201).json(information);
      } catch (error) {
        sendOAuthError(res, error, context.logger);
      }
    },
  );
  // What the route did not answer itself (the rate limiter's store failing, say) is the server's.
  router.use(ENDPOINT_PATHS.registration, (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendOAuthError(res, error, context.logger);
  });
  return router;
}

/**
 * The metadata through the one JSON reader every door uses (64 KiB, UTF-8 JSON, nesting bounded, no
 * NUL), its refusals of the content said in RFC 7591's words: `invalid_client_metadata` with the reader's message.
 */
async function readMetadata(req: Request): Promise<unknown> {
  try {
    return (await readJsonBody(req)) ?? {};
  } catch (error) {
    // A body too large or not JSON keeps its 413 or 415 (`asOAuthError`); what the metadata says is RFC 7591's 400.
    if (isServiceError(error) && error.status === 400) throw new InvalidClientMetadataError(error.message, { cause: error });
    throw error;
  }
}
