/** Chunk name → the hash in its file's name (`chunks/core-<hash>.js`), replaced at build time. */
declare const __VF_MANIFEST__: Record<string, string>;
