import type { DraftReviewStatus, Scope, Workspace } from "@connector/core";

export interface Capabilities {
  workspace: Workspace;
  grantedScopes: Scope[];
  tools: Array<{ name: string; title: string; access: "read" | "draft"; scope: Scope }>;
  reviewSteps: string[];
  unavailableActions: Array<{ action: string; description: string }>;
}

export interface SavedDraft<Draft> {
  draft: Draft;
  notice: string;
}

export interface DraftStatus {
  draft: {
    draftId: string;
    kind: "placement" | "consumer_request";
    reviewStatus: DraftReviewStatus;
    createdAt: string;
    updatedAt: string;
  };
  notice: string;
}
