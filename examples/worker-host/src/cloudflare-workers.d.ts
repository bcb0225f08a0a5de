// The few Workers types this host uses, described here rather than by @cloudflare/workers-types, whose
// globals would clash with the DOM and Node types the tests compile against.
declare module "cloudflare:workers" {
  import type { DurableObjectSqliteStorage } from "./durable-object-sqlite-driver.js";

  /** A Durable Object's state: its storage, and a way to hold its events until it has started. */
  export interface DurableObjectState {
    readonly storage: DurableObjectSqliteStorage;
    blockConcurrencyWhile<T>(work: () => Promise<T>): Promise<T>;
  }

  /** The base class of a Durable Object: `this.ctx` and `this.env`, and public methods callable over RPC. */
  export abstract class DurableObject<Env = unknown> {
    protected readonly ctx: DurableObjectState;
    protected readonly env: Env;
    constructor(ctx: DurableObjectState, env: Env);
  }
}

/** A Durable Object namespace binding (`env.DESK`): an object's id by name, and a stub to call it. */
interface DurableObjectNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): { fetch(request: Request): Promise<Response> };
}

interface DurableObjectId {
  toString(): string;
}
