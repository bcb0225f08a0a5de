/** A connect-style middleware, such as express's body readers. */
export type Middleware<Req, Res> = (req: Req, res: Res, next: (error?: unknown) => void) => void;

/**
 * Runs a middleware as a step of a handler, so its failure (a body too large, invalid JSON) lands
 * in the handler's own try/catch and the steps keep the order the spec gives (auth before body).
 */
export function runMiddleware<Req, Res>(middleware: Middleware<Req, Res>, req: Req, res: Res): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}
