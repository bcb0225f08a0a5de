import type { ApiV1Route } from "../api-v1-route.js";
import { agreementRoutes } from "./agreement-routes.js";
import { deskKeyRoutes } from "./desk-key-routes.js";
import { discoveryRoutes } from "./discovery-routes.js";
import { draftRoutes } from "./draft-routes.js";
import { meRoutes } from "./me-routes.js";
import { placementRoutes } from "./placement-routes.js";
import { placementUploadRoutes } from "./placement-upload-routes.js";
import { workflowRoutes } from "./workflow-routes.js";
import { agencyRoutes } from "./agency-routes.js";
import { doorRoutes } from "./door-routes.js";
import { escalationRoutes } from "./escalation-routes.js";
import { inventoryRoutes } from "./inventory-routes.js";
import { phoneRoutes } from "./phone-routes.js";

/**
 * Every `/api/v1` endpoint, in the order discovery lists them. Add a resource as a file of routes
 * and one line here; the router and the OpenAPI document pick it up.
 */
export const API_V1_ROUTES: readonly ApiV1Route[] = [
  ...discoveryRoutes,
  ...meRoutes,
  ...deskKeyRoutes,
  ...agreementRoutes,
  ...draftRoutes,
  ...placementRoutes,
  ...placementUploadRoutes,
  ...workflowRoutes,
  ...agencyRoutes,
  ...phoneRoutes,
  ...inventoryRoutes,
  ...escalationRoutes,
  ...doorRoutes,
];
