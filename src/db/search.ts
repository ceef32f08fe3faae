/**
 * Case-insensitive "contains" search over text columns, the same on SQLite and PostgreSQL; `%`
 * and `_` in a user's text match themselves, not any text.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";

export function containsAny<Database, Table extends keyof Database>(
  eb: ExpressionBuilder<Database, Table>,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}
