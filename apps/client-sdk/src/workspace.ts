/** The two workspaces of the service (spec §1). */
export type Workspace = "desk" | "resolve";
