/** Chunk name → hashed file under the origin (`chunks/core-[hash].js`), replaced at build time. */
declare const __VF_MANIFEST__: Record<string, string>;
