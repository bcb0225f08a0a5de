import { type Compilable, CompiledQuery, type Kysely } from "kysely";

/** Where a value goes in a prepared query: left open when it is compiled, filled in on each run. */
class Slot {
  constructor(readonly name: string) {}
}

/** Names a value of `Values`; typed as that value so it fits wherever the builder expects one. */
export type SlotFor<Values> = <Name extends keyof Values & string>(name: Name) => Values[Name];

export type PreparedQuery<Row, Values> = (values: Values) => Promise<Row[]>;

/** A slot left without a value would bind NULL and quietly match nothing: a wiring mistake, so it throws. */
function slotValue(values: Record<string, unknown>, slot: Slot): unknown {
  const value = values[slot.name];
  if (value === undefined) throw new Error(`The prepared query has no value for its slot "${slot.name}".`);
  return value;
}

/**
 * Kysely builds and compiles a query anew each time it runs, which cost a third of a page read
 * (measured: 21 accounts, 83 µs built each time against 55 µs precompiled). A prepared query is
 * built and compiled once, on its first run, with slots where the values go; each run then
 * executes that SQL with the values in the slots' places, through the same connection handling
 * (and transaction) as any other query on `db`. For the hot reads; other queries stay plain Kysely.
 *
 * A slot stands for one bound value, so it goes where Kysely binds a parameter (a comparison
 * operand, a limit), not for a list (`in`) or an identifier. A prepared query runs with
 * `execute` semantics only (no streaming).
 */
export function preparedQuery<Row, Values extends Record<string, unknown>>(
  db: Kysely<any>,
  build: (slot: SlotFor<Values>) => Compilable<Row>,
): PreparedQuery<Row, Values> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (values) => {
    compiled ??= build((name) => new Slot(name) as never).compile();
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? slotValue(values, parameter) : parameter));
    const { rows } = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
    return rows as Row[];
  };
}
