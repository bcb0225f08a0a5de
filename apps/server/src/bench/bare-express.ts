import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";

/**
 * The yardstick: Express parsing the same JSON request and answering a fixed body of the same
 * size as a real list_accounts page, with no auth, validation or database.
 */
export async function startBareExpress(responseBody: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.post("/tools/list_accounts", express.json({ limit: 64 * 1024 }), (_req, res) => {
    res.type("application/json").send(responseBody);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tools/list_accounts`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
