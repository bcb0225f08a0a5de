import type { PageSessions } from "../sessions/page-session.js";
import { PAGE_PATHS, sendPage } from "@connector/ui";
import { type NextFunction, type Request, type Response, Router } from "express";
import { connectionFacts } from "../views/site/connection-facts.js";
import { readDeveloperGuide, renderDeveloperGuide } from "../site/developer-guide.js";
import { developersPage } from "../views/site/developers-page.js";
import { homePage, type Operator } from "../views/site/home-page.js";
import { chooseLanguage } from "./language-route.js";
import { REFERENCE_PAGE_POLICY, referencePage } from "../views/site/reference-page.js";
import { referenceAssets } from "../site/reference-assets.js";

export interface SiteOptions {
  /** The service's public root; the pages print this deployment's own URLs. */
  baseUrl: string;
  sessions: PageSessions;
  /** Who runs this deployment and how to reach them: named where the front door says whom to ask. */
  operator?: Operator | undefined;
}

const chosenDocument = (req: Request) => (typeof req.query.document === "string" ? req.query.document : undefined);

/** An async page handler whose failures reach the host's error handler. */
function page(handler: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };
}

/**
 * The public pages: the front door (which doubles as the signed-in home), the developer guide and
 * the API reference. Each shows the signed-in person's header when there is one.
 */
export function siteRoutes(options: SiteOptions): Router {
  const facts = connectionFacts(options.baseUrl);
  // Read at start, so a release without its guide fails there and not at a reader's first visit; rendered
  // once, on its first request: rendering it at start cost every process (and every test's service) about
  // 40 ms of CPU for a page most of them never serve. The guide is a file of the release, so it never changes.
  const markdown = readDeveloperGuide();
  let guide: ReturnType<typeof renderDeveloperGuide> | undefined;
  const renderedGuide = () => (guide ??= renderDeveloperGuide(options.baseUrl, markdown));
  const assets = referenceAssets();
  const router = Router();
  const person = async (req: Request) => (await options.sessions.current(req))?.person;

  router.get(
    PAGE_PATHS.home,
    page(async (req, res) => sendPage(res, 200, homePage(facts, await person(req), options.operator))),
  );
  router.get(
    PAGE_PATHS.developers,
    page(async (req, res) => sendPage(res, 200, developersPage(renderedGuide(), await person(req)))),
  );
  router.get(
    PAGE_PATHS.apiReference,
    page(async (req, res) =>
      sendPage(res, 200, referencePage(facts, assets, chosenDocument(req), await person(req)), {
        "Content-Security-Policy": REFERENCE_PAGE_POLICY,
      }),
    ),
  );
  router.get("/language/:language", chooseLanguage(new URL(options.baseUrl).protocol === "https:"));
  return router;
}
