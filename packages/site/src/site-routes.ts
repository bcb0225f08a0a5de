import type { PageSessions } from "@connector/auth";
import { PAGE_PATHS, sendPage } from "@connector/ui";
import { type NextFunction, type Request, type Response, Router } from "express";
import { connectionFacts } from "./connection-facts.js";
import { homePage } from "./pages/home-page.js";

export interface SiteOptions {
  /** The service's public root; the pages print this deployment's own URLs. */
  baseUrl: string;
  sessions: PageSessions;
}

/** An async page handler whose failures reach the host's error handler. */
function page(handler: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };
}

/** The public pages: the front door (which doubles as the signed-in home). */
export function siteRoutes(options: SiteOptions): Router {
  const facts = connectionFacts(options.baseUrl);
  const router = Router();
  router.get(
    PAGE_PATHS.home,
    page(async (req, res) => {
      const signedIn = await options.sessions.current(req);
      sendPage(res, 200, homePage(facts, signedIn?.person));
    }),
  );
  return router;
}
