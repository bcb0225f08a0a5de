// The Worker that runs the store's contract test files in workerd (`bundle-contract.ts` bundles it with
// them): `GET /plan` lists the blocks that open a database and their tests; `POST /run?block=N` runs block N
// in a Durable Object of its own (a fresh SQLite) and answers each test's outcome.
import { DurableObject, type DurableObjectState } from "cloudflare:workers";
// The test files, each loaded when the first request asks (a Worker may not set timers while it loads).
import { CONTRACT_FILES } from "virtual:store-contract-files";
import { withStorage } from "./durable-object-fixture.js";
import { FILES, runSuite, type Suite, startFile, testNames } from "./workerd-vitest.js";

interface Env {
  CONTRACT: DurableObjectNamespace;
}

let loading: Promise<void> | undefined;

function load(): Promise<void> {
  loading ??= (async () => {
    for (const [file, importFile] of CONTRACT_FILES) {
      startFile(file);
      await importFile();
    }
  })();
  return loading;
}

/** Every top-level block that opens a database, in file order: the store's contract blocks. */
function blocks(): { file: string; suite: Suite }[] {
  return FILES.flatMap(({ file, suites }) => suites.filter((suite) => suite.usesDatabase).map((suite) => ({ file, suite })));
}

export class ContractObject extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
  }

  async fetch(request: Request): Promise<Response> {
    await load();
    const url = new URL(request.url);
    if (url.pathname === "/plan") {
      return Response.json(blocks().map(({ file, suite }) => ({ file, name: suite.name, tests: testNames(suite) })));
    }
    const block = blocks()[Number(url.searchParams.get("block"))];
    if (block === undefined) return new Response("no such block", { status: 404 });
    return Response.json(await withStorage(this.ctx.storage, () => runSuite(block.suite)));
  }
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const block = new URL(request.url).searchParams.get("block");
    return env.CONTRACT.get(env.CONTRACT.idFromName(block === null ? "plan" : `block-${block}`)).fetch(request);
  },
};
