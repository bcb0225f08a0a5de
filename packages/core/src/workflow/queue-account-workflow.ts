import { newId } from "../ids/uuid-v7.js";
import type { DomainStores } from "../ports/domain-stores.js";

/**
 * Stores one queued Account Workflow run per account, inside the caller's transaction, and returns
 * their ids for the job engine. `onlyWhenEnabled` follows the Desk's setting (automatic starts);
 * an explicit start runs whatever the setting.
 */
export async function queueAccountWorkflow(
  stores: Pick<DomainStores, "workflows" | "desks">,
  deskId: string,
  accountIds: readonly string[],
  now: Date,
  options: { onlyWhenEnabled: boolean },
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  if (options.onlyWhenEnabled) {
    const desk = await stores.desks.find(deskId);
    if (desk === undefined || !desk.accountWorkflowEnabled) return [];
  }
  const queuedAt = now.toISOString();
  const runs = accountIds.map((accountId) => ({ runId: newId(now.getTime()), deskId, accountId, queuedAt }));
  await stores.workflows.createRuns(runs);
  return runs.map((run) => run.runId);
}
