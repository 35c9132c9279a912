import type { Zone } from '../../../domain/api/zones';

export type ZoneNode = Zone & { depth: number; children: ZoneNode[]; /** Members here and in every sub-zone. */ totalMembers: number };

/**
 * The flat list as a tree, children by name. A zone whose parent is missing from the list (another
 * congregation's, or gone) is shown at the top rather than lost.
 */
export function buildZoneTree(zones: readonly Zone[]): ZoneNode[] {
  const nodes = new Map<number, ZoneNode>(zones.map((zone) => [zone.id, { ...zone, depth: 0, children: [], totalMembers: zone.memberCount }]));
  const roots: ZoneNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (a: ZoneNode, b: ZoneNode) => a.name.localeCompare(b.name);
  const settle = (node: ZoneNode, depth: number): number => {
    node.depth = depth;
    node.children.sort(byName);
    node.totalMembers = node.memberCount + node.children.reduce((sum, child) => sum + settle(child, depth + 1), 0);
    return node.totalMembers;
  };
  roots.sort(byName).forEach((root) => settle(root, 0));
  return roots;
}

/** Depth-first, as the tree reads top to bottom: what the table and the parent pickers list. */
export function flattenZoneTree(roots: readonly ZoneNode[]): ZoneNode[] {
  const out: ZoneNode[] = [];
  const walk = (node: ZoneNode) => {
    out.push(node);
    node.children.forEach(walk);
  };
  roots.forEach(walk);
  return out;
}

/** The zone and everything below it: never a valid new parent for it. */
export function branchIds(node: ZoneNode): Set<number> {
  const ids = new Set<number>();
  const walk = (at: ZoneNode) => {
    ids.add(at.id);
    at.children.forEach(walk);
  };
  walk(node);
  return ids;
}
