// The part of Vitest's API the store's contract tests call (`describe`, `it`, hooks, `expect`), for running
// those files unchanged inside workerd, where Vitest's runner cannot go. The bundle (`bundle-contract.ts`)
// puts this module where the test files import "vitest". `expect` is Vitest's own matchers
// (`@vitest/expect` on chai, as Vitest builds its `expect`), so an assertion means here what it means there.
import { ASYMMETRIC_MATCHERS_OBJECT, chai, GLOBAL_EXPECT, getState, JestAsymmetricMatchers, JestChaiExpect, JestExtend, setState } from "@vitest/expect";

type Fn = () => unknown;

export interface Test {
  name: string;
  fn: Fn | undefined;
}

export interface Suite {
  name: string;
  suites: Suite[];
  tests: Test[];
  beforeAll: Fn[];
  afterAll: Fn[];
  beforeEach: Fn[];
  afterEach: Fn[];
  /** The suite opened a database (`useDatabase`): it is one of the store's contract blocks. */
  usesDatabase: boolean;
}

/** Every top-level suite of every bundled test file, by file, in the order they were declared. */
export const FILES: { file: string; suites: Suite[] }[] = [];

const newSuite = (name: string): Suite => ({ name, suites: [], tests: [], beforeAll: [], afterAll: [], beforeEach: [], afterEach: [], usesDatabase: false });
let current: Suite | undefined;
/** The top-level suite being declared. */
let root: Suite | undefined;

/** Declares the next file's suites (called by the bundle before it imports each test file). */
export function startFile(file: string): void {
  FILES.push({ file, suites: [] });
}

function declare(): Suite {
  if (current === undefined) throw new Error("Declare tests inside a describe block.");
  return current;
}

/** For the Durable Object fixture: the top-level suite being declared uses a database. */
export function markUsesDatabase(): void {
  declare();
  root!.usesDatabase = true;
}

/** `describe(name, fn)` or `describe(name, options, fn)`; options (a timeout) mean nothing here. */
function describeSuite(name: string, optionsOrFn: unknown, maybeFn?: Fn): void {
  const fn = (typeof optionsOrFn === "function" ? optionsOrFn : maybeFn) as Fn;
  const suite = newSuite(name);
  if (current === undefined) {
    const file = FILES.at(-1);
    if (file === undefined) throw new Error("startFile() comes before a file's suites.");
    file.suites.push(suite);
  } else {
    current.suites.push(suite);
  }
  const parent = current;
  current = suite;
  root ??= suite;
  try {
    fn();
  } finally {
    current = parent;
    if (parent === undefined) root = undefined;
  }
}

function declareTest(name: string, optionsOrFn: unknown, maybeFn?: Fn): void {
  const fn = (typeof optionsOrFn === "function" ? optionsOrFn : maybeFn) as Fn | undefined;
  declare().tests.push({ name, fn });
}

/** Vitest's `%s`, `%d`, `%i`, `%j` and `%#` in an `.each` title. */
function title(template: string, row: unknown, index: number): string {
  const values = Array.isArray(row) ? [...row] : [row];
  return template.replace(/%[sdij#%]/g, (token) => {
    if (token === "%%") return "%";
    if (token === "%#") return String(index);
    const value = values.shift();
    return token === "%j" ? JSON.stringify(value) : String(value);
  });
}

function each(declareOne: (name: string, optionsOrFn: unknown, maybeFn?: Fn) => void) {
  return (table: readonly unknown[]) =>
    (template: string, optionsOrFn: unknown, maybeFn?: (...args: any[]) => unknown) => {
      const fn = (typeof optionsOrFn === "function" ? optionsOrFn : maybeFn) as (...args: any[]) => unknown;
      table.forEach((row, index) => {
        const args = Array.isArray(row) ? row : [row];
        declareOne(title(template, row, index), () => fn(...args));
      });
    };
}

export const describe = Object.assign(describeSuite, {
  each: each(describeSuite),
  skip: (_name: string) => {},
});

export const it = Object.assign(declareTest, {
  each: each(declareTest),
  skip: (name: string) => declareTest(name, undefined),
  runIf: (condition: boolean) => (condition ? declareTest : (name: string) => declareTest(name, undefined)),
  skipIf: (condition: boolean) => (condition ? (name: string) => declareTest(name, undefined) : declareTest),
});
export const test = it;

export const beforeAll = (fn: Fn) => declare().beforeAll.push(fn);
export const afterAll = (fn: Fn) => declare().afterAll.push(fn);
export const beforeEach = (fn: Fn) => declare().beforeEach.push(fn);
export const afterEach = (fn: Fn) => declare().afterEach.push(fn);

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

/** Vitest's `expect` as `createExpect` builds it, without snapshots, mocks or a test context. */
function createExpect() {
  const expect: any = (value: unknown, message?: string) => {
    const { assertionCalls } = getState(expect);
    setState({ assertionCalls: assertionCalls + 1 }, expect);
    return chai.expect(value, message);
  };
  Object.assign(expect, chai.expect);
  Object.assign(expect, (globalThis as any)[ASYMMETRIC_MATCHERS_OBJECT]);
  expect.getState = () => getState(expect);
  expect.setState = (state: any) => setState(state, expect);
  expect.extend = (matchers: any) => (chai.expect as any).extend(expect, matchers);
  setState({ assertionCalls: 0, isExpectingAssertions: false, expectedAssertionsNumber: null, currentTestName: "" } as any, expect);
  expect.poll = poll(expect);
  return expect;
}

/**
 * `expect.poll(read, { timeout, interval })`: the matcher is tried on `read()` again every interval until
 * it passes or the time is up, when its last failure is thrown (Vitest's defaults: 1 s, every 50 ms).
 */
function poll(expect: any) {
  return (read: () => unknown, options: { timeout?: number; interval?: number } = {}) =>
    new Proxy(
      {},
      {
        get: (_target, matcher: string) =>
          async (...args: unknown[]) => {
            const deadline = performance.now() + (options.timeout ?? 1000);
            for (;;) {
              try {
                return expect(await read())[matcher](...args);
              } catch (error) {
                if (performance.now() >= deadline) throw error;
                await new Promise((resolve) => setTimeout(resolve, options.interval ?? 50));
              }
            }
          },
      },
    );
}

export const expect = createExpect();
Object.defineProperty(globalThis, GLOBAL_EXPECT, { value: expect, writable: true, configurable: true });

export interface TestResult {
  /** The test's names from its top-level suite down, joined by " › ". */
  name: string;
  state: "pass" | "fail" | "skip";
  error?: { message: string; stack?: string };
}

/**
 * Runs one top-level suite as Vitest would: its `beforeAll` hooks, then each test between the `beforeEach`
 * and `afterEach` hooks of the suites around it, nested suites in order, `afterAll` hooks last. A failed
 * `beforeAll` fails every test of its suite and of the suites inside it.
 */
export async function runSuite(suite: Suite): Promise<TestResult[]> {
  const results: TestResult[] = [];
  await runNested(suite, [], [], [], results);
  return results;
}

/**
 * `path`: the names of the nested suites below the top-level one, down to this one; `failedSetup`: the error of
 * an enclosing suite's `beforeAll`, which fails this suite's tests too.
 */
async function runNested(
  suite: Suite,
  path: string[],
  beforeEach: Fn[],
  afterEach: Fn[],
  results: TestResult[],
  failedSetup?: unknown,
): Promise<void> {
  const each = { before: [...beforeEach, ...suite.beforeEach], after: [...suite.afterEach, ...afterEach] };
  let setupError = failedSetup;
  try {
    if (setupError === undefined) for (const hook of suite.beforeAll) await hook();
  } catch (error) {
    setupError = error;
  }
  for (const test of suite.tests) {
    const name = [...path, test.name].join(" › ");
    if (test.fn === undefined) {
      results.push({ name, state: "skip" });
      continue;
    }
    if (setupError !== undefined) {
      results.push({ name, state: "fail", error: errorOf(setupError) });
      continue;
    }
    let failure: unknown;
    try {
      for (const hook of each.before) await hook();
      await test.fn();
    } catch (error) {
      failure = error;
    }
    // As in Vitest, the `afterEach` hooks run after a failed test too.
    try {
      for (const hook of each.after) await hook();
    } catch (error) {
      failure ??= error;
    }
    results.push(failure === undefined ? { name, state: "pass" } : { name, state: "fail", error: errorOf(failure) });
  }
  for (const nested of suite.suites) await runNested(nested, [...path, nested.name], each.before, each.after, results, setupError);
  for (const hook of suite.afterAll) await hook();
}

function errorOf(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }) };
  return { message: String(error) };
}

/** The tests a suite declares, by the names `runSuite` reports them under. */
export function testNames(suite: Suite, path: string[] = []): string[] {
  return [...suite.tests.map((test) => [...path, test.name].join(" › ")), ...suite.suites.flatMap((nested) => testNames(nested, [...path, nested.name]))];
}
