/**
 * Nested subresources, in one place for every parent that has them (journal
 * entry lines now, invoice lines later): an element without `id` creates, an element with `id`
 * updates only the fields it carries, `_destroy: true` deletes, and existing elements not
 * mentioned stay as they are. An id that is not one of the parent's own elements, or that is
 * named twice, is a validation problem, so a request can never touch another document's rows.
 * Pure: the caller applies the plan inside its transaction, all or nothing.
 */
import type { ValidationErrors } from "./errors.js";

export interface NestedControls {
  id?: number | null;
  _destroy?: boolean | null;
}

export interface NestedPlan<Row, Changes> {
  /**
   * every element as it will be after the request, in order: kept and updated rows, then new ones.
   * `label` names the element in messages the way the client sent it: `lines[2]` for the request's
   * third element, `lines[id 17]` for a stored element the request did not mention.
   */
  result: Array<{ row: Row | null; changes: Changes; label: string }>;
  created: Changes[];
  updated: Array<{ row: Row; changes: Changes }>;
  destroyed: Row[];
}

export function planNestedChanges<Row extends { id: number }, Item extends NestedControls>(
  existing: readonly Row[],
  items: readonly Item[],
  errors: ValidationErrors,
  name: string,
): NestedPlan<Row, Omit<Item, "id" | "_destroy">> {
  type Changes = Omit<Item, "id" | "_destroy">;
  const byId = new Map(existing.map((row) => [row.id, row]));
  const changesById = new Map<number, Changes>();
  const indexById = new Map<number, number>();
  const destroyedIds = new Set<number>();
  const created: Changes[] = [];
  const createdIndexes: number[] = [];

  items.forEach((item, index) => {
    const { id, _destroy: destroy, ...changes } = item;
    if (id === undefined || id === null) {
      if (destroy !== true) {
        created.push(changes);
        createdIndexes.push(index);
      }
      return;
    }
    if (!byId.has(id)) {
      errors.add(`${name}[${index}].id`, { key: "notOwnElement", id, name });
      return;
    }
    if (changesById.has(id) || destroyedIds.has(id)) {
      errors.add(`${name}[${index}].id`, { key: "namedTwice", id });
      return;
    }
    if (destroy === true) destroyedIds.add(id);
    else {
      changesById.set(id, changes);
      indexById.set(id, index);
    }
  });

  const kept = existing.filter((row) => !destroyedIds.has(row.id));
  const noChanges = {} as Changes;
  return {
    result: [
      ...kept.map((row) => {
        const index = indexById.get(row.id);
        const label = index === undefined ? `${name}[id ${row.id}]` : `${name}[${index}]`;
        return { row, changes: changesById.get(row.id) ?? noChanges, label };
      }),
      ...created.map((changes, position) => ({ row: null, changes, label: `${name}[${createdIndexes[position]}]` })),
    ],
    created,
    updated: kept.flatMap((row) => {
      const changes = changesById.get(row.id);
      return changes === undefined || Object.keys(changes).length === 0 ? [] : [{ row, changes }];
    }),
    destroyed: existing.filter((row) => destroyedIds.has(row.id)),
  };
}
