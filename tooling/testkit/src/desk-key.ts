import type { BrowserSession } from "./browser-session.js";

/** A signed-in Desk owner accepts the Desk agreement (needed to place) and mints a desk key named `name`. */
export async function acceptAgreementAndMintDeskKey(owner: BrowserSession, name: string): Promise<string> {
  const json = async (response: Response) => (await response.json()) as any;
  const { csrfToken } = await json(await owner.request("/api/v1/me"));
  const write = (path: string, body: unknown) =>
    owner.request(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", "x-csrf-token": csrfToken }, body: JSON.stringify(body) });
  const { version } = (await json(await owner.request("/api/v1/agreement"))).agreement;
  const accepted = await write("/agreement/accept", { version });
  if (accepted.status !== 200) throw new Error(`accepting the Desk agreement failed: ${accepted.status}`);
  const minted = await write("/keys", { name });
  if (minted.status !== 201 && minted.status !== 200) throw new Error(`minting a desk key failed: ${minted.status}`);
  return (await json(minted)).key;
}
