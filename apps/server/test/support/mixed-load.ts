/** One answer the load saw. */
export interface LoadAnswer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  text: string;
  ms: number;
}

export interface MixedLoadOptions {
  /** Server processes to spread calls over, one worker each. */
  targets: string[];
  /** Access tokens of Desk connections, used in turn (keeps each grant under its rate limit). */
  tokens: string[];
  /** Pause between one worker's calls. */
  pauseMs: number;
  /** Prefix of draft titles, to find this load's drafts in the database. */
  titlePrefix: string;
}

export interface MixedLoad {
  answers: LoadAnswer[];
  /** Successful answers so far. */
  successes(): number;
  /** Draft idempotency keys that were answered 200 (each retried with its key until it was). */
  savedKeys: Set<string>;
  /** Stops starting new calls; a draft still being retried is retried until saved (or `deadlineMs`). */
  stop(deadlineMs?: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A steady mix of REST reads, MCP reads and REST drafts over several processes, as a well-behaved
 * client sends it: a draft answered 503 is retried with the same idempotency key (spec §7 rule 3).
 */
export function startMixedLoad(options: MixedLoadOptions): MixedLoad {
  const answers: LoadAnswer[] = [];
  const savedKeys = new Set<string>();
  let stopping = false;
  let deadline = Number.POSITIVE_INFINITY;
  let calls = 0;

  async function send(url: string, init: RequestInit): Promise<LoadAnswer> {
    const started = Date.now();
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      let code: string | undefined;
      try {
        code = JSON.parse(text)?.error?.code;
      } catch {}
      const answer = { status: response.status, code, retryAfter: response.headers.get("retry-after"), text, ms: Date.now() - started };
      answers.push(answer);
      return answer;
    } catch (error) {
      const answer = { status: 0, code: undefined, retryAfter: null, text: String(error), ms: Date.now() - started };
      answers.push(answer);
      return answer;
    }
  }

  const rest = (target: string, token: string, tool: string, args: unknown) =>
    send(`${target}/api/connectors/v1/desk/tools/${tool}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(args),
    });
  const mcp = (target: string, token: string, tool: string, args: unknown) =>
    send(`${target}/mcp/desk`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }),
    });

  async function worker(target: string, index: number): Promise<void> {
    for (let step = 0; !stopping; step++) {
      const token = options.tokens[calls++ % options.tokens.length]!;
      if (step % 3 === 0) await rest(target, token, "list_accounts", { limit: 5 });
      else if (step % 3 === 1) await mcp(target, token, "list_accounts", { limit: 5 });
      else {
        const key = `load-${index}-${step}-${Math.random().toString(36).slice(2, 10)}`;
        const args = { title: `${options.titlePrefix} ${key}`, accounts: [{ reference: "L-1", name: "Load Test", amount: 10 }], idempotencyKey: key };
        while (Date.now() < deadline) {
          const answer = await rest(target, token, "create_placement_draft", args);
          if (answer.status === 200) {
            savedKeys.add(key);
            break;
          }
          await sleep(options.pauseMs);
        }
      }
      await sleep(options.pauseMs);
    }
  }

  const workers = options.targets.map((target, index) => worker(target, index));
  return {
    answers,
    successes: () => answers.filter((answer) => answer.status === 200).length,
    savedKeys,
    async stop(deadlineMs = 30_000) {
      stopping = true;
      deadline = Date.now() + deadlineMs;
      await Promise.all(workers);
    },
  };
}
