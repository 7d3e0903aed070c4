/** Every import against the server's direction, by pair of folders (scripts/import-graph.mjs). */
export function importsAgainstDirection(): Map<string, string[]>;
