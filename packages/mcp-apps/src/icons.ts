import type { Workspace } from "@connector/core";
import { type Asset, registerAsset } from "@connector/ui";
import { readPackageAsset } from "./package-assets.js";

/** An icon as MCP 2025-11-25 describes one (`Icon` on `Implementation` and `Tool`). */
export interface McpIcon {
  src: string;
  mimeType: "image/svg+xml";
  sizes: ["any"];
}

/** Which picture each tool shows: what it does, not which workspace (both share capabilities and draft status). */
const TOOL_ICONS: Record<string, string> = {
  get_connector_capabilities: "capabilities",
  get_draft_status: "status",
  list_accounts: "accounts",
  get_case_status: "case",
  list_payment_records: "payments",
  create_placement_draft: "draft",
  list_placement_drafts: "drafts",
  get_resolve_guide: "guide",
  create_consumer_request_draft: "letter",
  list_consumer_requests: "drafts",
  relay_approved_offer: "offer",
};

/**
 * The SVGs, registered with the pages' asset registry: served by the service itself under
 * `/assets/` with a hash in the name (cached for a year, a new name when the picture changes), by
 * the same middleware as the pages' stylesheet. No third-party host sees who lists the tools.
 */
const assets = new Map<string, Asset>();
function iconAsset(name: string): Asset {
  let asset = assets.get(name);
  if (asset === undefined) {
    asset = registerAsset(`icon-${name}`, "svg", "image/svg+xml", readPackageAsset(`icons/${name}.svg`));
    assets.set(name, asset);
  }
  return asset;
}

const icon = (baseUrl: string, name: string): McpIcon[] => [
  // SVG scales to any size a client draws it at.
  { src: `${baseUrl}${iconAsset(name).path}`, mimeType: "image/svg+xml", sizes: ["any"] },
];

/** The icons of a workspace's MCP server (its `serverInfo`). */
export function serverIcons(baseUrl: string, workspace: Workspace): McpIcon[] {
  return icon(baseUrl, workspace);
}

/** A tool's icons; a tool added without a picture of its own gets its workspace's. */
export function toolIcons(baseUrl: string, workspace: Workspace, toolName: string): McpIcon[] {
  return icon(baseUrl, TOOL_ICONS[toolName] ?? workspace);
}
