import fc from 'fast-check';
import { multipartBody } from './multipart';
import { nastyText, type FuzzBody } from './text';

/**
 * What the fuzz tests send: random and malformed values, path segments, query strings, bodies
 * (JSON of wrong types, unicode, huge strings, prototype-pollution keys, invalid JSON, wrong
 * content types) and multipart uploads. Plausible values follow the route's own zod schema, so
 * that many requests get past validation into the handler, where a 500 would hide.
 */

/** Uploads live in ./multipart.ts; the text both use, in ./text.ts. */
export { multipartBody, nastyText, type FuzzBody };

/** The part of a zod (v4) schema's internals this file reads. */
interface ZodLike {
  _zod?: { def: ZodDef };
}
interface ZodDef {
  type: string;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  element?: ZodLike;
  options?: ZodLike[];
  left?: ZodLike;
  right?: ZodLike;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
}
const defOf = (schema: unknown): ZodDef | undefined => (schema as ZodLike | undefined)?._zod?.def;

/** The fields of an object schema, through optional, default, pipe, union and intersection wrappers. */
export function fieldsOf(schema: unknown): Record<string, ZodLike> {
  const def = defOf(schema);
  if (!def) return {};
  switch (def.type) {
    case 'object':
      return def.shape ?? {};
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fieldsOf(def.innerType);
    case 'pipe':
      return fieldsOf(def.in);
    case 'union':
      return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
    case 'intersection':
      return { ...fieldsOf(def.left), ...fieldsOf(def.right) };
    default:
      return {};
  }
}

const huge = (length: number) => fc.constant('x'.repeat(length));

/** Any value of the wrong type, or of the right type but absurd. */
export function junkValue(ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 3, arbitrary: nastyText },
    { weight: 1, arbitrary: fc.oneof(huge(10_000), huge(100_000)) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 2, 0.5)) },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    { weight: 2, arbitrary: fc.boolean() },
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 200 }).map(nested) },
    { weight: 1, arbitrary: fc.uuid() },
    ...(ids.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...ids) }] : []),
  );
}

/** An array nested `depth` deep. */
const nested = (depth: number): unknown => {
  let value: unknown = 'fondo';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
};

/** A value the field's schema might accept (its enum options, a date, an id of the world…), or junk. */
export function plausible(schema: unknown, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const junk = junkValue(ids);
  if (!def || depth > 3) return junk;
  const idOrUuid = ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
  const mixed = (good: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return plausible(def.innerType, ids, depth + 1);
    case 'pipe':
      return plausible(def.in, ids, depth + 1);
    case 'string': {
      if (def.format === 'uuid' || def.format === 'guid') return mixed(idOrUuid);
      if (def.format === 'email') return mixed(fc.oneof(fc.emailAddress(), fc.constant('adela.arrieta@matriz.test')));
      if (def.format === 'date')
        return mixed(
          fc
            .date({ min: new Date('2029-12-01'), max: new Date('2030-03-01'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        );
      if (def.format === 'datetime')
        return mixed(
          fc
            .date({ min: new Date('2029-12-01'), max: new Date('2030-03-01'), noInvalidDate: true })
            .map((d) => d.toISOString()),
        );
      return mixed(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          idOrUuid,
          fc.constantFrom('2030-01-09', '2030-01-09T10:00:00.000Z', '09:30', 'true'),
        ),
      );
    }
    case 'number':
    case 'int':
      return mixed(fc.oneof(fc.integer({ min: -5, max: 500 }), fc.constantFrom(1, 10, 30, 100)));
    case 'boolean':
      return mixed(fc.boolean());
    case 'enum':
      return mixed(fc.constantFrom(...Object.values(def.entries ?? { a: 'a' })));
    case 'literal':
      return mixed(fc.constantFrom(...((def.values as unknown[] | undefined) ?? [null])));
    case 'array':
      return mixed(fc.array(plausible(def.element, ids, depth + 1), { maxLength: 3 }));
    case 'object':
      return mixed(plausibleObject(schema, ids, depth + 1));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => plausible(option, ids, depth + 1)));
    default:
      return junk;
  }
}

/** An object with some of the schema's fields, each plausible or junk. */
export function plausibleObject(schema: unknown, ids: string[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(schema);
  const record = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, plausible(field, ids, depth)]),
  );
  return fc.record(record, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** JSON text with prototype-pollution keys (JSON.stringify cannot write a real `__proto__` key). */
const pollution = (ids: string[]) =>
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), junkValue(ids), fc.jsonValue({ maxDepth: 1 }))
    .map(
      ([key, value, extra]) =>
        `{"${key}":{"isAdmin":true,"role":"admin","polluted":${JSON.stringify(value ?? null) ?? 'null'}},"constructor":{"prototype":{"polluted":true}},"extra":${JSON.stringify(extra) ?? 'null'}}`,
    );

const invalidJson = fc.constantFrom(
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '[1,2',
  '"sin cerrar',
  '\u0000',
  '{"a":"\\uZZZZ"}',
  '{"a":1}{"b":2}',
  ' ',
  'undefined',
  '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
);
const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html; charset=utf-8',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/jsonx',
  'image/png',
  ';;;',
);

/** A JSON body for a route with this body schema, built from `base` (the matrix's valid body) when there is one. */
export function jsonBody(bodySchema: unknown, base: unknown, ids: string[]): fc.Arbitrary<FuzzBody> {
  const baseObject =
    base && typeof base === 'object' && !Buffer.isBuffer(base) && !Array.isArray(base)
      ? (base as Record<string, unknown>)
      : undefined;
  const keys = [...new Set([...Object.keys(fieldsOf(bodySchema)), ...Object.keys(baseObject ?? {})])];
  const json =
    (kind: string) =>
    (value: unknown): FuzzBody => ({ kind, payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const arbitraries: { weight: number; arbitrary: fc.Arbitrary<FuzzBody> }[] = [
    { weight: 5, arbitrary: plausibleObject(bodySchema, ids).map(json('schema-shaped')) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json('any JSON')) },
    {
      weight: 1,
      arbitrary: pollution(ids).map((payload) => ({
        kind: 'prototype pollution',
        payload,
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: invalidJson.map((payload) => ({ kind: 'invalid JSON', payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(wrongContentType, fc.oneof(fc.string({ maxLength: 60 }), fc.constant('{"a":1}'), fc.constant('a=1&b=2')))
        .map(([contentType, payload]) => ({ kind: 'wrong content type', payload, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<FuzzBody>(
        { kind: 'no body', payload: undefined },
        { kind: 'empty JSON body', payload: '', contentType: 'application/json' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant<FuzzBody>({
        kind: 'body over the limit',
        payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
        contentType: 'application/json',
      }),
    },
  ];
  if (keys.length > 0) {
    // The valid body (or one of plausible fields) with one to three fields made junk, sometimes with unknown fields.
    const mutated = fc
      .tuple(
        fc.subarray(keys, { minLength: 1, maxLength: Math.min(3, keys.length) }),
        fc.array(junkValue(ids), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
      )
      .map(([names, values, extra]) => {
        const body: Record<string, unknown> = { ...(baseObject ?? {}) };
        names.forEach((name, index) => (body[name] = values[index]));
        if (extra) body['campoInventado'] = values[0];
        return body;
      });
    arbitraries.push({ weight: 5, arbitrary: mutated.map(json('one field made junk')) });
  }
  arbitraries.push({ weight: 1, arbitrary: multipartBody(ids) });
  return fc.oneof(...arbitraries);
}

/** One path segment: a valid value, an id of the world, or junk — encoded, or raw when that is the point. */
export function pathSegment(valid: string | undefined, ids: string[]): fc.Arbitrary<string> {
  const encoded = (arbitrary: fc.Arbitrary<string>) => arbitrary.map(encodeURIComponent);
  return fc.oneof(
    ...(valid ? [{ weight: 4, arbitrary: fc.constant(encodeURIComponent(valid)) }] : []),
    ...(ids.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...ids) }] : []),
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: encoded(fc.string({ minLength: 1, maxLength: 40 })) },
    { weight: 1, arbitrary: encoded(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 })) },
    { weight: 2, arbitrary: encoded(nastyText.filter((text) => text !== '')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%FF',
        '..',
        '%2e%2e',
        '%2F',
        'x'.repeat(5000),
        '0',
        '-1',
        '1e308',
        '%20',
      ),
    },
  );
}

/** A query string: the route's own parameters (plausible or junk), repeated, unknown or badly encoded. */
export function queryString(querySchema: unknown, base: string, ids: string[]): fc.Arbitrary<string> {
  const baseParams = [...new URLSearchParams(base.replace(/^\?/, '')).keys()];
  const fields = fieldsOf(querySchema);
  const names = [...new Set([...Object.keys(fields), ...baseParams])];
  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const pair = fc.oneof(
    ...(names.length > 0
      ? [
          {
            weight: 5,
            arbitrary: fc
              .constantFrom(...names)
              .chain((name) => plausible(fields[name], ids).map((value) => [name, asText(value)] as const)),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b][c]', ''),
        ),
        fc.string({ maxLength: 20 }),
      ),
    },
  );
  const encoded = fc.tuple(fc.boolean(), fc.array(pair, { maxLength: 5 })).map(([keepBase, pairs]) => {
    const params = new URLSearchParams(keepBase ? base.replace(/^\?/, '') : '');
    for (const [name, value] of pairs) params.append(name, value.slice(0, 20_000));
    const text = params.toString();
    return text ? `?${text}` : '';
  });
  return fc.oneof(
    { weight: 8, arbitrary: encoded },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?%',
        '?a=%E0%A4%A',
        '?=&=&',
        '?&&&',
        '?q=' + 'x'.repeat(20_000),
        '?page=1&page=2&page=x',
        '?pageSize=-1',
        '?pageSize=1000000',
        '?from=2030-01-20&to=2030-01-01',
      ),
    },
  );
}
