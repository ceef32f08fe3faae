/**
 * Queries built once and run many times. Kysely builds a query's tree and compiles it to SQL on
 * every call: for GET one invoice that was about a tenth of the request's CPU time (three queries
 * whose text never changes). A reusable query is built and compiled on its first call for each
 * database kind and argument shape, with a placeholder in place of every argument value; later
 * calls bind their values to the same SQL text, which on SQLite also finds its prepared statement.
 *
 * Invariants:
 * - the builder writes the same SQL for any values of the same shape: it never branches on an
 *   argument's value, only passes it on as a value (`where`, `in`, `limit`, …); an argument is a
 *   scalar, or a list whose length is part of its shape (`in (?, ?, ?)`);
 * - an argument value the builder did not pass on as is (its placeholder is missing from the
 *   compiled parameters) is an error on the first call, never a wrong query;
 * - memory stays bounded: a list longer than MAX_KEPT_LIST_LENGTH, or a shape beyond MAX_SHAPES,
 *   is compiled for its call and not kept;
 * - on PostgreSQL a kept text runs as a prepared statement (db/postgres-prepared.ts): its SQL
 *   does not depend on its values, so neither does its plan.
 */
import type { Compilable, CompiledQuery } from "kysely";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";
import { prepareStatement } from "./postgres-prepared.js";

type Scalar = string | number | null;
export type QueryArgument = Scalar | readonly Scalar[];

/** An argument value's place while the query is compiled: argument `index`, element `element` of a list. */
class Placeholder {
  constructor(
    readonly index: number,
    readonly element: number | null,
  ) {}
}

/** Lists up to a page (per_page ≤ 100) are kept; longer ones (exports, batches) are compiled per call. */
const MAX_KEPT_LIST_LENGTH = 100;
const MAX_SHAPES = 512;

/** The key of the SQL text the arguments make; undefined when it is not to be kept. */
function shapeOf(postgres: boolean, args: readonly QueryArgument[]): string | undefined {
  let shape = postgres ? "postgres" : "sqlite";
  for (const argument of args) {
    if (!Array.isArray(argument)) shape += " .";
    else if (argument.length <= MAX_KEPT_LIST_LENGTH) shape += ` ${argument.length}`;
    else return undefined;
  }
  return shape;
}

function placeholdersFor(args: readonly QueryArgument[]): Array<Placeholder | Placeholder[]> {
  return args.map((argument, index) =>
    Array.isArray(argument)
      ? argument.map((_, element) => new Placeholder(index, element))
      : new Placeholder(index, null),
  );
}

function compileOnce<Args extends QueryArgument[], Row>(
  build: (executor: Executor, ...args: Args) => Compilable<Row>,
  executor: Executor,
  args: readonly QueryArgument[],
): CompiledQuery<Row> {
  const placeholders = placeholdersFor(args);
  const compiled = build(executor, ...(placeholders as unknown as Args)).compile();
  const bound = new Set(compiled.parameters.filter((parameter) => parameter instanceof Placeholder));
  if (placeholders.flat().some((placeholder) => !bound.has(placeholder))) {
    throw new Error(`a reusable query does not bind every argument as a value: ${compiled.sql}`);
  }
  return compiled;
}

function valueAt(args: readonly QueryArgument[], placeholder: Placeholder): Scalar {
  const argument = args[placeholder.index];
  if (placeholder.element === null) return argument as Scalar;
  return (argument as readonly Scalar[])[placeholder.element] ?? null;
}

export function reusableQuery<Args extends QueryArgument[], Row>(
  build: (executor: Executor, ...args: Args) => Compilable<Row>,
): (executor: Executor, ...args: Args) => Promise<Row[]> {
  const compiledByShape = new Map<string, CompiledQuery<Row>>();
  return async (executor, ...args) => {
    const postgres = isPostgres(executor);
    const shape = shapeOf(postgres, args);
    let compiled = shape === undefined ? undefined : compiledByShape.get(shape);
    if (compiled === undefined) {
      compiled = compileOnce(build, executor, args);
      if (shape !== undefined && compiledByShape.size < MAX_SHAPES) {
        compiledByShape.set(shape, compiled);
        if (postgres) prepareStatement(compiled.sql);
      }
    }
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Placeholder ? valueAt(args, parameter) : parameter,
    );
    const result = await executor.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
