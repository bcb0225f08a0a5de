import {
  type DoorServices,
  readJsonBody,
  receive,
  receptionReadiness,
  reportUnexpected,
  routeAsk,
  routeDoorReadiness,
  sendJson,
  writeErrorResponse,
} from "@connector/core";
import type { IRouter, Request, RequestHandler, Response } from "express";

/** Spec §4.3: the first-party doors, outside `/api/v1`. */
export const DOOR_PATHS = { route: "/api/agents/route", reception: "/api/reception" } as const;

export interface DoorRoutesOptions {
  services: DoorServices;
  /** Told of failures that are the service's own (5xx that are not a vendor's answer), for the host's logs. */
  reportError?: (error: unknown) => void;
}

/** A POST door: the JSON body (≤ 64 KiB) goes to one core operation; every failure is the one error shape. */
function postDoor(operation: (body: unknown) => Promise<unknown>, reportError?: (error: unknown) => void): RequestHandler {
  return async (req: Request, res: Response) => {
    try {
      const body = await readJsonBody(req);
      sendJson(res, 200, await operation(body ?? {}));
    } catch (error) {
      reportUnexpected(error, reportError);
      writeErrorResponse(res, error);
    }
  };
}

/**
 * The routing doors. They ask for no session: the homepage's ask box calls them before anyone
 * signs in, and they read or change nothing of anyone's. The vendors' addresses and keys stay in
 * `services` on the server; readiness answers only booleans.
 */
export function addDoorRoutes(router: IRouter, { services, reportError }: DoorRoutesOptions): void {
  router.get(DOOR_PATHS.route, (_req, res) => sendJson(res, 200, routeDoorReadiness(services)));
  router.post(DOOR_PATHS.route, postDoor((body) => routeAsk(services, body), reportError));
  router.get(DOOR_PATHS.reception, (_req, res) => sendJson(res, 200, receptionReadiness(services)));
  router.post(DOOR_PATHS.reception, postDoor((body) => receive(services, body), reportError));
}
