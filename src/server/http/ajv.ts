// The JSON Schema validator for the contract. OpenAPI 3.1 schemas are JSON Schema 2020-12,
// so this is Ajv2020, taught the OpenAPI annotation keywords instead of having them stripped.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, Options } from 'ajv';
import addFormats from 'ajv-formats';

/** OpenAPI keywords that annotate a schema without constraining it (for validation). */
const OPENAPI_ANNOTATIONS = ['example', 'discriminator', 'xml', 'externalDocs'];

export type ContractAjv = InstanceType<typeof Ajv2020>;

/**
 * `requests`: the server's validator of query strings and paths (parses their strings into the
 * declared types, fills defaults). `bodies`: request bodies, never coerced (D54: "2345", [2346]
 * or true are not an amount), defaults filled. `responses`: a strict checker for responses,
 * used by the contract tests. `extraKeywords`: vendor extensions (`x-...`) in the contract.
 */
export function createContractAjv(
  mode: 'requests' | 'bodies' | 'responses',
  extraKeywords: string[] = [],
) {
  const options: Options = {
    // Unknown keywords and formats are errors, so a typo in the contract fails at startup.
    strictSchema: true,
    strictNumbers: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: false,
    removeAdditional: false,
    // Money is rupees with multipleOf 0.01; without this, float error fails 1.15 and 0.29.
    multipleOfPrecision: 2,
    ...(mode === 'requests' ? { coerceTypes: 'array' as const, useDefaults: true } : {}),
    ...(mode === 'bodies' ? { useDefaults: true } : {}),
  };
  const ajv = new Ajv2020(options);
  addFormats(ajv);
  for (const keyword of [...OPENAPI_ANNOTATIONS, ...extraKeywords]) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  }
  return ajv;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Ajv turns a query or path string such as "1e309" into Infinity and lets it through every
 * numeric keyword; such a value is refused here, as the number it is not.
 */
export function refuseNonFinite(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const ok = validate(data);
    checked.errors = validate.errors;
    if (!ok || typeof data !== 'object' || data === null) return ok;
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        checked.errors = [
          {
            instancePath: `/${key}`,
            schemaPath: '#/type',
            keyword: 'type',
            params: { type: 'number' },
            message: 'must be a finite number',
          },
        ];
        return false;
      }
    }
    return true;
  };
  return checked;
}

/** D214: the one way to write an integer in a path or a query string: decimal digits. */
const CANONICAL_INTEGER = /^-?(?:0|[1-9]\d*)$/;

const isIntegerSchema = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | null)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

/**
 * Ajv coerces '0x10', '1e1', ' 16' and '+16' to 16 (JavaScript's Number()): a path id would
 * name another row than the one written. Integer parameters (of `schema`, an object of them)
 * are refused unless written as canonical decimal digits, before `validate` coerces them.
 */
export function refuseLooseIntegers(schema: Record<string, unknown>, validate: Validate): Validate {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const integers = Object.keys(properties).filter((key) => isIntegerSchema(properties[key]));
  if (integers.length === 0) return validate;
  const checked: Validate = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    for (const key of integers) {
      const raw = values[key];
      const texts = Array.isArray(raw) ? raw : [raw];
      if (texts.some((text) => typeof text === 'string' && !CANONICAL_INTEGER.test(text))) {
        checked.errors = [
          {
            instancePath: `/${key}`,
            schemaPath: '#/type',
            keyword: 'type',
            params: { type: 'integer' },
            message: 'must be an integer written in decimal digits',
          },
        ];
        return false;
      }
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  };
  return checked;
}
