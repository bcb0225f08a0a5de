import { readFileSync } from "node:fs";

/**
 * The steps of a connector call, each recognised by the frames its CPU time is spent in. A
 * sample's time goes to the first step matched walking up from the frame that was running, so
 * time in a shared helper counts for the step that called it. Order matters: the specific first.
 */
const STEPS: readonly (readonly [step: string, frames: RegExp])[] = [
  ["store read (SQL and rows)", /^all .*packages\/store|better-sqlite3|kysely|listAccounts|toAccountView|preparedQuery|pg@|pg-protocol/],
  ["bearer and token cache", /^(authenticate|verify) .*packages\/auth|sha256Hex|node:internal\/crypto\/hash|cachedTokenVerifier/],
  ["rate lease", /countInFixedWindow|leased|exhaustedWindowMemo|bufferedCounter|rateLimitHeaders/],
  ["activity trail", /recordToolCall|ActivityRecorder|connection-activity/],
  ["validation (zod)", /zod@|validateInput/],
  ["personal-data guard", /assertNoForbiddenPersonalData|findSensitiveNumber|findNulCharacter|personal-data-guard|json-depth/],
  ["building and serialising the answer", /^sendJson|^successResult|^toolCallResponseText|^(anon) .*packages\/core\/dist\/tools/],
  ["MCP framing", /packages\/mcp-server|@modelcontextprotocol/],
  ["body reading", /readJsonBody|parseStrictJson|checkContentHeaders|declaresNoBody/],
  ["request id", /assignRequestId|chooseRequestId|randomUUID|node:internal\/crypto\/random/],
  ["logging and metrics", /pino|requestLog|http-metrics|prom-client/],
  ["our headers and middleware", /packages\/http\/dist|baseHeaders|refuseNulInAddress|refuseDeclaredOversize/],
  ["routing (express, router)", /express@|router@/],
  ["Node HTTP and sockets", /node:_http|node:net|node:internal\/streams|writeUtf8String|writev|stream_base|node:events|parserOnIncoming|node:internal\/http/],
  ["garbage collection", /^\(garbage collector\)/],
  ["microtasks and timers", /runMicrotasks|processTicksAndRejections|listOnTimeout|processTimers/],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface StepShare {
  step: string;
  /** CPU µs of the step per call answered during the profiled round. */
  micros: number;
  share: number;
}

/** CPU time per step per call in a `.cpuprofile` of `calls` calls; idle time is left out, "other" is what no step matched. */
export function stepShares(file: string, calls: number): StepShare[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const label = (node: ProfileNode) => `${node.callFrame.functionName || "(anon)"} ${node.callFrame.url}`;
  const byStep = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((leaf, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    if (nodes.get(leaf)?.callFrame.functionName === "(idle)") return;
    busy += micros;
    let step: string | undefined;
    for (let id: number | undefined = leaf; id !== undefined && step === undefined; id = parents.get(id)) {
      const name = label(nodes.get(id)!);
      step = STEPS.find(([, frames]) => frames.test(name))?.[0];
    }
    byStep.set(step ?? "other", (byStep.get(step ?? "other") ?? 0) + micros);
  });
  return [...byStep]
    .map(([step, micros]) => ({ step, micros: micros / calls, share: micros / busy }))
    .sort((a, b) => b.micros - a.micros);
}
