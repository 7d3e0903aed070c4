/**
 * Route schemas are written as draft-07 JSON Schema (what Fastify's Ajv reads); OpenAPI 3.1 takes
 * JSON Schema 2020-12. Nearly all of it is the same; what differs is adapted in a copy: a tuple
 * `items: [...]` becomes `prefixItems` (and `additionalItems` becomes `items`), `definitions`
 * becomes `$defs`.
 */
type Schema = Record<string, unknown>;

/** Keywords whose value maps names to schemas (the names themselves are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** Keywords whose value is data, copied as it is. */
const DATA = new Set(['enum', 'const', 'default', 'examples', 'required']);

export function toSchema2020(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSchema2020);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  const source = schema as Schema;
  for (const [key, value] of Object.entries(source)) {
    if (DATA.has(key)) out[key] = structuredClone(value);
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      const mapped = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toSchema2020(sub)]));
      out[key === 'definitions' ? '$defs' : key] = mapped;
    } else if (key === 'items' && Array.isArray(value)) {
      out['prefixItems'] = value.map(toSchema2020);
      if ('additionalItems' in source) out['items'] = toSchema2020(source['additionalItems']);
    } else if (key !== 'additionalItems') out[key] = toSchema2020(value); // (draft-07 ignores it without a tuple)
  }
  return out;
}
