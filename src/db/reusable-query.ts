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
 * A reusable insert (`reusableInsert`) is the same for rows given as objects: its shape is the
 * rows' count and their columns in order, and a row holding anything but a string, a number or
 * null (a Kysely expression, a Buffer) is compiled for its call, as the builder would.
 */
import type { Compilable, CompiledQuery } from "kysely";
import type { Executor } from "./connection.js";
import { isPostgres } from "./dialect.js";
import { prepareStatement } from "./postgres-prepared.js";

/** A value bound as it is; a bigint is an integer past 2^53 (a posting's month totals). */
type Scalar = string | number | bigint | null;
export type QueryArgument = Scalar | readonly Scalar[];

/** An argument value's place while the query is compiled: argument (or row) `index`, its element or column. */
class Placeholder {
  constructor(
    readonly index: number,
    readonly element: number | string | null,
  ) {}
}

/** Lists up to a page (per_page ≤ 100) are kept; longer ones (exports, batches) are compiled per call. */
const MAX_KEPT_LIST_LENGTH = 100;
const MAX_SHAPES = 512;

/** The key of the SQL text the arguments make; undefined when it is not to be kept. */
function shapeOf(args: readonly QueryArgument[]): string | undefined {
  let shape = "";
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

function valueAt(args: readonly unknown[], placeholder: Placeholder): unknown {
  const argument = args[placeholder.index];
  if (placeholder.element === null) return argument;
  if (typeof placeholder.element === "number") return (argument as readonly unknown[])[placeholder.element] ?? null;
  return (argument as Record<string, unknown>)[placeholder.element];
}

/** What a kind of reusable statement says about its arguments. */
interface Shaping<Args extends readonly unknown[]> {
  /** the key of the SQL text `args` make, undefined when it is not to be kept */
  shapeOf: (args: Args) => string | undefined;
  /** `args` with every value a Placeholder */
  placeholders: (args: Args) => Args;
}

/** Compiles `build` with placeholders in place of the values, refusing one that does not bind them all. */
function compileWithPlaceholders<Args extends readonly unknown[], Row>(
  build: (executor: Executor, args: Args) => Compilable<Row>,
  executor: Executor,
  placeholders: Args,
): CompiledQuery<Row> {
  const compiled = build(executor, placeholders).compile();
  const bound = new Set(compiled.parameters.filter((parameter) => parameter instanceof Placeholder));
  const wanted = (placeholders as readonly unknown[]).flatMap((argument) =>
    argument instanceof Placeholder ? [argument] : Object.values(argument as object),
  );
  if (wanted.some((placeholder) => !bound.has(placeholder))) {
    throw new Error(`a reusable query does not bind every argument as a value: ${compiled.sql}`);
  }
  return compiled;
}

function reusable<Args extends readonly unknown[], Row>(
  shaping: Shaping<Args>,
  build: (executor: Executor, args: Args) => Compilable<Row>,
): (executor: Executor, args: Args) => Promise<Row[]> {
  const compiledByShape = new Map<string, CompiledQuery<Row>>();
  return async (executor, args) => {
    const postgres = isPostgres(executor);
    const argumentsShape = shaping.shapeOf(args);
    if (argumentsShape === undefined) return (await executor.executeQuery(build(executor, args).compile())).rows;
    const shape = `${postgres ? "postgres" : "sqlite"}${argumentsShape}`;
    let compiled = compiledByShape.get(shape);
    if (compiled === undefined) {
      compiled = compileWithPlaceholders(build, executor, shaping.placeholders(args));
      if (compiledByShape.size < MAX_SHAPES) {
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

const queryShaping: Shaping<QueryArgument[]> = {
  shapeOf,
  placeholders: (args) => placeholdersFor(args) as unknown as QueryArgument[],
};

export function reusableQuery<Args extends QueryArgument[], Row>(
  build: (executor: Executor, ...args: Args) => Compilable<Row>,
): (executor: Executor, ...args: Args) => Promise<Row[]> {
  const run = reusable<QueryArgument[], Row>(queryShaping, (executor, args) => build(executor, ...(args as Args)));
  return (executor, ...args) => run(executor, args);
}

/** The columns of `rows` in order when every row has the same ones with scalar values; else undefined. */
function columnsOf(rows: readonly Record<string, unknown>[]): string[] | undefined {
  const first = rows[0];
  if (first === undefined || rows.length > MAX_KEPT_LIST_LENGTH) return undefined;
  const columns = Object.keys(first).filter((column) => first[column] !== undefined);
  for (const row of rows) {
    const own = Object.keys(row).filter((column) => row[column] !== undefined);
    if (own.length !== columns.length || own.some((column, index) => column !== columns[index])) return undefined;
    for (const column of own) {
      const value = row[column];
      if (value !== null && typeof value !== "string" && typeof value !== "number") return undefined;
    }
  }
  return columns;
}

const insertShaping: Shaping<Record<string, unknown>[]> = {
  shapeOf: (rows) => {
    const columns = columnsOf(rows);
    return columns === undefined ? undefined : ` ${rows.length} ${columns.join(",")}`;
  },
  placeholders: (rows) =>
    rows.map((row, index) =>
      Object.fromEntries(
        Object.keys(row)
          .filter((column) => row[column] !== undefined)
          .map((column) => [column, new Placeholder(index, column)]),
      ),
    ),
};

/** An insert of `rows` (objects of column values) built once per shape, like `reusableQuery`. */
export function reusableInsert<Values extends Record<string, unknown>, Row>(
  build: (executor: Executor, rows: Values[]) => Compilable<Row>,
): (executor: Executor, rows: Values[]) => Promise<Row[]> {
  return reusable(insertShaping, build as (executor: Executor, rows: Record<string, unknown>[]) => Compilable<Row>) as (
    executor: Executor,
    rows: Values[],
  ) => Promise<Row[]>;
}
