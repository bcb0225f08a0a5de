/**
 * The connector contract's version (docs/developer-guide.md, "Versions and changes"): the OpenAPI
 * description's `info.version` and the MCP servers' `serverInfo.version` both say it, so an agent
 * on either door sees the same contract. Minor for each addition; never a major within v1.
 */
export const CONNECTOR_CONTRACT_VERSION = "1.3.0";
