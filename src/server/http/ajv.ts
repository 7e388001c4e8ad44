// The JSON Schema validator for the contract. OpenAPI 3.1 schemas are JSON Schema 2020-12,
// so this is Ajv2020, taught the OpenAPI annotation keywords instead of having them stripped.
import Ajv2020 from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import addFormats from 'ajv-formats';

/** OpenAPI keywords that annotate a schema without constraining it (for validation). */
const OPENAPI_ANNOTATIONS = ['example', 'discriminator', 'xml', 'externalDocs'];

export type ContractAjv = InstanceType<typeof Ajv2020>;

/**
 * `requests`: the server's validator (coerces query and path strings to the declared types,
 * fills defaults). Otherwise a strict checker for responses, used by the contract tests.
 * `extraKeywords`: vendor extensions (`x-...`) found in the contract.
 */
export function createContractAjv(mode: 'requests' | 'responses', extraKeywords: string[] = []) {
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
  };
  const ajv = new Ajv2020(options);
  addFormats(ajv);
  for (const keyword of [...OPENAPI_ANNOTATIONS, ...extraKeywords]) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  }
  return ajv;
}
