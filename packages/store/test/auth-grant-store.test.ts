import { newId } from "@connector/core/domain";
import type { AuthorizationCodeRecord, GrantRecord } from "@connector/core/ports";
import { describe, expect, it } from "vitest";
import { createAuthStores } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, useDatabase } from "./support/database-fixture.js";

const now = NOW.toISOString();

describe.each(TEST_DIALECTS)("grants with their authorization code on %s", (dialect) => {
  const fixture = useDatabase(dialect);

  /** A desk, a user of it and a client: what a grant references. */
  async function grantOwner(): Promise<{ userId: string; clientId: string }> {
    const stores = createAuthStores(fixture.database);
    const deskId = newId();
    await fixture.database.db.insertInto("desks").values({ id: deskId, name: "Desk", kind: "creditor", created_at: now }).execute();
    const userId = newId();
    await stores.users.create({
      userId,
      email: `${userId}@desk.test`,
      passwordHash: "not-a-real-hash",
      displayName: "Person",
      deskId,
      deskRole: "owner",
      consumerId: null,
      createdAt: now,
    });
    const clientId = newId();
    await stores.clients.create({ clientId, clientName: "Agent", redirectUris: ["https://agent.test/cb"], createdAt: now });
    return { userId, clientId };
  }

  function grantAndCode(
    owner: { userId: string; clientId: string },
    codeHash: string,
  ): [GrantRecord, Omit<AuthorizationCodeRecord, "consumedAt">] {
    const grantId = newId();
    return [
      {
        grantId,
        clientId: owner.clientId,
        userId: owner.userId,
        workspace: "desk",
        scopes: ["desk:read"],
        resource: "https://connector.test/mcp/desk",
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
      },
      {
        codeId: newId(),
        codeHash,
        grantId,
        clientId: owner.clientId,
        redirectUri: "https://agent.test/cb",
        resource: "https://connector.test/mcp/desk",
        scopes: ["desk:read"],
        codeChallenge: "challenge",
        dpopJkt: null,
        createdAt: now,
        expiresAt: new Date(NOW.getTime() + 120_000).toISOString(),
      },
    ];
  }

  it("stores the grant and its code together", async () => {
    const { grants, codes } = createAuthStores(fixture.database);
    const [grant, code] = grantAndCode(await grantOwner(), "a".repeat(64));
    await grants.createWithCode(grant, code);
    expect(await grants.find(grant.grantId)).toEqual(grant);
    expect(await codes.findByHash(code.codeHash)).toEqual({ ...code, consumedAt: null });
  });

  it("keeps no grant when its code cannot be stored", async () => {
    const { grants, codes } = createAuthStores(fixture.database);
    const owner = await grantOwner();
    const [first, firstCode] = grantAndCode(owner, "b".repeat(64));
    await grants.createWithCode(first, firstCode);
    // Same code hash: the unique index refuses the code after the grant row was written.
    const [second, secondCode] = grantAndCode(owner, "b".repeat(64));
    await expect(grants.createWithCode(second, secondCode)).rejects.toThrow();
    expect(await grants.find(second.grantId)).toBeUndefined();
    expect(await grants.find(first.grantId)).toEqual(first);
    expect((await codes.findByHash(firstCode.codeHash))?.grantId).toBe(first.grantId);
  });
});
