/** An element's attributes: their types and names (shared by the browser's elements and the server's first paint). */
export type AttrType = 'string' | 'number' | 'boolean';

/** The attribute of a camelCase prop: `vfContainerId` → `vf-container-id`. */
export function toAttributeName(prop: string): string {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
}
