import { isServiceError } from "@connector/core";
import cors from "cors";
import { type NextFunction, type Request, type RequestHandler, type Response, Router } from "express";
import type { AuthContext } from "../../context.js";
import { ENDPOINT_PATHS } from "../../discovery/endpoints.js";
import { InvalidRequestError, isOAuthError } from "../../errors/oauth-error.js";
import { paramReader } from "../../params.js";
import { revokeToken } from "../../revocation/revoke-token.js";
import { handleTokenRequest } from "../../token/token-request.js";
import { formBody } from "@connector/http";
import { requestContext } from "../request-context.js";
import { noStore, sendOAuthError } from "../send.js";


/**
 * A body of another type (JSON, most often) would be left unread and every parameter reported
 * missing; say instead what the endpoint takes. A request without a body keeps the usual answers.
 */
const requireFormBody: RequestHandler = (req, _res, next) => {
  if (req.headers["content-type"] === undefined || req.is("application/x-www-form-urlencoded")) return next();
  next(new InvalidRequestError("This endpoint takes application/x-www-form-urlencoded parameters (RFC 6749 §3.2), not JSON or another body type."));
};

/**
 * The token (RFC 6749 §3.2) and revocation (RFC 7009 §2) endpoints. Both answer JSON errors per
 * RFC 6749 §5.2 with `Cache-Control: no-store`, and allow CORS: public clients in browsers call them
 * directly and carry no cookies, so `*` is safe.
 */
export function tokenRoutes(context: AuthContext): Router {
  const router = Router();
  const corsPost = cors({ methods: ["POST"] });
  const tokenUrl = `${context.baseUrl}${ENDPOINT_PATHS.token}`;

  // A browser app reads the nonce to sign its next proof with (RFC 9449 §8).
  router.use(ENDPOINT_PATHS.token, cors({ methods: ["POST"], exposedHeaders: ["DPoP-Nonce"] }));
  router.post(ENDPOINT_PATHS.token, requireFormBody, formBody, async (req, res) => {
    try {
      const proof = req.headers.dpop;
      // Every answer to a DPoP token request carries the current nonce, success or refusal (§8, §8.2).
      if (proof !== undefined) res.set("DPoP-Nonce", await context.dpop.nonce());
      const dpop = proof === undefined ? undefined : { proof, method: "POST", url: tokenUrl };
      const tokens = await handleTokenRequest(requestContext(context, res), paramReader(req.body), req.headers.authorization, dpop);
      noStore(res);
      res.status(200).json(tokens);
    } catch (error) {
      sendOAuthError(res, error, context.logger);
    }
  });

  router.use(ENDPOINT_PATHS.revocation, corsPost);
  router.post(ENDPOINT_PATHS.revocation, requireFormBody, formBody, async (req, res) => {
    try {
      await revokeToken(requestContext(context, res), paramReader(req.body), req.headers.authorization);
      noStore(res);
      res.status(200).end();
    } catch (error) {
      sendOAuthError(res, error, context.logger);
    }
  });

  // A body the parser refused (too large, bad encoding) is still answered in RFC 6749 §5.2 form.
  router.use(
    [ENDPOINT_PATHS.token, ENDPOINT_PATHS.revocation],
    (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
      const refusal = isOAuthError(error) || isServiceError(error) ? error : new InvalidRequestError("The request body could not be read.", { cause: error });
      sendOAuthError(res, refusal, context.logger);
    },
  );
  return router;
}
