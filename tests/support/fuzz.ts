// Request generators for the contract fuzz test: values that fit a contract schema (so the
// request reaches the handler) and values that do not (so validation must answer), from the
// dereferenced JSON schemas of openapi/api.yaml. Small on purpose: the keywords the contract
// uses, nothing more.
import fc from 'fast-check';

type Schema = Record<string, unknown>;
const isObj = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strings that have broken servers: control characters, huge or odd text, injections. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '',
    ' ',
    '9'.repeat(30),
    '-1',
    '1e309',
    'NaN',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\uD800',
    'null',
    '2147483648',
    '99999-12-31',
    '0000-01-01T00:00:00Z',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
);

/** Any JSON value, including the awkward ones (huge numbers, deep nesting). */
export const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(2 ** 40, 2 ** 53 + 1, -1, 0, 1.5, 1e308, true, null, [], {}),
  nastyString,
);

const merge = (schema: Schema): Schema => {
  const all = Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : [];
  return all.reduce<Schema>((acc, part) => ({ ...merge(part), ...acc }), {
    ...schema,
    allOf: undefined,
  });
};

/** A value the schema accepts (best effort: patterns via fc.stringMatching). */
export function validValue(input: unknown): fc.Arbitrary<unknown> {
  if (!isObj(input)) return anyJson;
  const schema = merge(input);
  if (Array.isArray(schema.oneOf)) return fc.oneof(...(schema.oneOf as unknown[]).map(validValue));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 100_000;
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items), {
        maxLength: Math.min(3, typeof schema.maxItems === 'number' ? schema.maxItems : 3),
      });
    case 'object': {
      const properties = isObj(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validValue(value)]),
      );
      return fc.record(record, {
        requiredKeys: Object.keys(record).filter((key) => required.has(key)),
      });
    }
    case 'string':
    default: {
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.format === 'date') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      }
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      if (typeof schema.pattern === 'string' && !schema.pattern.includes('\\x')) {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length >= minLength && s.length <= maxLength);
        } catch {
          // A pattern fast-check cannot generate from (lookaheads): any text.
        }
      }
      return fc.string({ minLength, maxLength: Math.min(maxLength, 60) });
    }
  }
}

/** A value the schema may refuse: the valid one, or something else altogether. */
export function anyValue(schema: unknown): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: validValue(schema) }, { weight: 1, arbitrary: anyJson });
}

/** An object for `schema` with at most one field spoiled (or dropped, or one extra field). */
export function bodyFor(schema: unknown): fc.Arbitrary<unknown> {
  const valid = validValue(schema);
  if (!isObj(schema) || !isObj(merge(schema).properties)) {
    return fc.oneof(valid, anyJson);
  }
  const keys = Object.keys(merge(schema).properties as Schema);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...keys), anyJson)
        .map(([body, key, value]) => ({ ...(body as Schema), [key]: value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...keys))
        .map(([body, key]) => ({ ...(body as Schema), [key]: undefined })),
    },
    { weight: 1, arbitrary: anyJson },
  );
}
