import type { Env } from "./desk-object.js";

export { DeskObject } from "./desk-object.js";

/**
 * The Durable Object that holds a request's data. The demo's world (its two Desks and the consumers who
 * owe their accounts) is one database, so it is one object; a deployment with a database per Desk names
 * each Desk's object by its Desk, from something the Worker reads before the object does (a host name or a
 * path segment), and so gets one writer per Desk.
 * (A Worker module exports only its handlers and classes.)
 */
const DEMO_OBJECT = "demo";

export default {
  /** The Worker holds no data: it hands each request to the object that does. */
  fetch(request: Request, env: Env): Promise<Response> {
    return env.DESK.get(env.DESK.idFromName(DEMO_OBJECT)).fetch(request);
  },
};
