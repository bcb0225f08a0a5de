import type { OAuthClientRecord, OAuthClientStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";

const toRow = (client: OAuthClientRecord) => ({
  id: client.clientId,
  client_name: client.clientName,
  redirect_uris_json: JSON.stringify(client.redirectUris),
  created_at: client.createdAt,
  dpop_bound_access_tokens: client.dpopBoundAccessTokens === true ? 1 : 0,
});

export function createClientStore(db: Kysely<AuthDatabase>): OAuthClientStore {
  return {
    async create(client) {
      await db
        .insertInto("oauth_clients")
        .values(toRow(client))
        .execute();
    },
    async saveFromMetadataDocument(client) {
      await db
        .insertInto("oauth_clients")
        .values(toRow(client))
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet((row) => ({
            client_name: row.ref("excluded.client_name"),
            redirect_uris_json: row.ref("excluded.redirect_uris_json"),
            dpop_bound_access_tokens: row.ref("excluded.dpop_bound_access_tokens"),
          })),
        )
        .execute();
    },
    async find(clientId) {
      const row = await db.selectFrom("oauth_clients").selectAll().where("id", "=", clientId).executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        clientId: row.id,
        clientName: row.client_name,
        redirectUris: JSON.parse(row.redirect_uris_json) as string[],
        createdAt: row.created_at,
        ...(row.dpop_bound_access_tokens === 1 ? { dpopBoundAccessTokens: true } : {}),
      };
    },
  };
}
