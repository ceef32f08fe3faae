/**
 * A report's account tree as the screen and the CSV show it: each node with its depth, and, when
 * the report is compared with an earlier period, the earlier amount of the same node beside it.
 * Nodes are matched by account path (or by name, for the lines a report adds, whose path is null);
 * a node only the earlier period has is kept, after the current ones. An account absent from a
 * period had no movements in it. No amount is computed: each is a node's own, as the server sent.
 */
import type { Schema } from "@kasboek/client";

type ReportNode = Schema<"ReportNode">;

export interface TreeRow {
  key: string;
  depth: number;
  node: ReportNode;
  /** the amount of the same node in the earlier period; null when it had none (no movements) */
  earlier: string | null;
  /** the current period's amount; null when only the earlier period has this node */
  amount: string | null;
  /** the keys of the rows above it, root first */
  ancestors: string[];
  hasChildren: boolean;
}

const keyOf = (node: ReportNode) => (node.path === null ? `line:${node.name ?? ""}` : node.path);

/** Every node of `current` (and of `earlier`, where given) in order, depth first. */
export function treeRows(current: ReportNode, earlier?: ReportNode | null): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (now: ReportNode | undefined, before: ReportNode | undefined, depth: number, ancestors: string[]) => {
    const node = now ?? before;
    if (node === undefined) return;
    const key = `${ancestors.at(-1) ?? ""}/${keyOf(node)}`;
    const children = [...(now?.accounts ?? [])];
    const earlierChildren = new Map((before?.accounts ?? []).map((child) => [keyOf(child), child]));
    for (const child of before?.accounts ?? []) {
      if (!children.some((candidate) => keyOf(candidate) === keyOf(child))) children.push(child);
    }
    rows.push({
      key,
      depth,
      node,
      amount: now === undefined ? null : now.amount,
      earlier: earlier === undefined || earlier === null ? null : (before?.amount ?? null),
      ancestors,
      hasChildren: children.length > 0,
    });
    const nowChildren = new Map((now?.accounts ?? []).map((child) => [keyOf(child), child]));
    for (const child of children) {
      walk(nowChildren.get(keyOf(child)), earlierChildren.get(keyOf(child)), depth + 1, [...ancestors, key]);
    }
  };
  walk(current, earlier ?? undefined, 0, []);
  return rows;
}

/** Whether a tree has nothing booked: its root has no accounts below it. */
export function isEmptyTree(node: ReportNode): boolean {
  return node.accounts.length === 0;
}
