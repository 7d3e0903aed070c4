/** A node's place under a root as child indexes: found again after the nodes there were replaced by equal ones. */
export function pathTo(root: Node, node: Node | null): number[] | null {
  const path: number[] = [];
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (!at.parentNode) return null;
    path.unshift([...at.parentNode.childNodes].indexOf(at as ChildNode));
  }
  return node ? path : null;
}

export function nodeAt(root: Node, path: number[]): Node | null {
  let at: Node | null = root;
  for (const index of path) at = at?.childNodes[index] ?? null;
  return at;
}
