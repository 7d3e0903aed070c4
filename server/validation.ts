/**
 * How request schemas are checked (docs/api.md "Input rules"). Fastify 5 checks every part of a
 * request with one Ajv that coerces types; we build two from the app's Ajv options:
 * - bodies: no coercion. JSON carries its types, so `{"content": 12}` is a 400, not "12".
 * - query strings and path params: coerced (every value arrives as text), but a number must be
 *   written in decimal digits: Ajv turns "1e309" or "Infinity" into ±Infinity and then skips its
 *   range checks, so such a value would reach SQL.
 * In every part an integer is a safe integer (a schema without bounds gets ±2^53-1), and every
 * string must be well-formed Unicode (no lone surrogates).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { hasLoneSurrogate } from './content/normalise.ts';

type Schema = Record<string, unknown>;
interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}
type Validate = ((data: unknown, context?: object) => boolean) & { errors?: Issue[] | null; schemaEnv?: unknown };
interface RouteSchema {
  schema: Schema;
  method: string;
  url: string;
  httpPart?: string;
}

const DECIMAL = { integer: /^-?[0-9]+$/, number: /^-?[0-9]+(\.[0-9]+)?$/ };

/** `schema` with every integer bounded to the safe range (a copy; route schemas stay as written). */
export function withSafeIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withSafeIntegers);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Data keywords are copied; `properties` maps names (which may be "type" or "enum") to
    // schemas; anything else is walked (names in `required` and patterns come through as they are).
    if (key === 'enum' || key === 'const' || key === 'default') out[key] = value;
    else if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withSafeIntegers(sub)]));
    } else out[key] = withSafeIntegers(value);
  }
  const types = [out['type']].flat();
  if (types.includes('integer')) {
    out['maximum'] ??= Number.MAX_SAFE_INTEGER;
    out['minimum'] ??= -Number.MAX_SAFE_INTEGER;
  }
  return out;
}

/** The numeric properties of a query or params schema, by name, with their type. */
function numericProperties(schema: Schema): [string, 'integer' | 'number'][] {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([name, sub]): [string, 'integer' | 'number'][] => {
    const types = [sub['type']].flat();
    if (types.includes('integer')) return [[name, 'integer']];
    return types.includes('number') ? [[name, 'number']] : [];
  });
}

/** Where in `value` the first string with a lone surrogate is (a JSON pointer), else null. */
function loneSurrogateAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasLoneSurrogate(value) ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = loneSurrogateAt(item, `${path}/${key}`);
    if (at !== null) return at;
  }
  return null;
}

/** Wraps Ajv's validator with the checks above; keeps `schemaEnv` so Fastify lets Ajv coerce a root value. */
function strictly(validate: Validate, numbers: [string, 'integer' | 'number'][]): Validate {
  const checked: Validate = (data, context) => {
    checked.errors = null;
    if (data && typeof data === 'object') {
      for (const [name, type] of numbers) {
        const given = (data as Record<string, unknown>)[name];
        const texts = [given].flat().filter((item) => typeof item === 'string');
        if (texts.some((text) => !DECIMAL[type].test(text))) {
          checked.errors = [{ keyword: 'type', instancePath: `/${name}`, params: { type }, message: `must be ${type}` }];
          return false;
        }
      }
    }
    if (!validate(data, context)) {
      checked.errors = validate.errors ?? null;
      return false;
    }
    const at = loneSurrogateAt(data, '');
    if (at !== null) {
      checked.errors = [{ keyword: 'wellFormed', instancePath: at, params: {}, message: 'must be well-formed Unicode text (a lone surrogate was sent)' }];
      return false;
    }
    return true;
  };
  if (validate.schemaEnv) checked.schemaEnv = validate.schemaEnv;
  return checked;
}

type AjvOptions = NonNullable<FastifyServerOptions['ajv']>;

/** The app's Ajv options (app.ts); `bodyValidator` compiles with the same. */
export const AJV_OPTIONS = { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } } satisfies AjvOptions;
type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

// One pool and one cache of compiled validators per process, shared by every app built in it (the
// tests build one per test): compiling every route's schemas for each app tripled an app's start.
// A validator depends only on its schema, the request part and the Ajv options, which form its key.
const pool = AjvCompiler();
const compiled = new Map<string, Validate>();

function buildPartValidators(externalSchemas: Record<string, unknown>, options: AjvOptions = {}) {
  const coercing = pool(externalSchemas as never, options as never);
  const exact = pool(externalSchemas as never, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } } as never);
  const optionsKey = JSON.stringify([externalSchemas, options.customOptions]);
  return (route: RouteSchema): Validate => {
    const body = route.httpPart === 'body';
    const key = `${optionsKey}|${body ? 'body' : 'text'}|${JSON.stringify(route.schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      const safe = { ...route, schema: withSafeIntegers(route.schema) as Schema };
      validate = body
        ? strictly(exact(safe as never) as Validate, [])
        : strictly(coercing(safe as never) as Validate, numericProperties(safe.schema));
      compiled.set(key, validate);
    }
    return validate;
  };
}

/**
 * For `Fastify({ schemaController: { compilersFactory: { buildValidator } } })`. The cast: the
 * declared type has the compiler take a bare schema; Fastify passes `{ schema, method, url, httpPart }`.
 */
export const buildValidator = buildPartValidators as unknown as ValidatorFactory;

/**
 * A body schema's validator outside a route, checked exactly as a route's body is: for a body that
 * arrives another way (analytics' image fallback carries its batch in the query string).
 */
export function bodyValidator(schema: object): Validate {
  return buildPartValidators({}, AJV_OPTIONS)({ schema: schema as Schema, method: 'POST', url: '', httpPart: 'body' });
}
