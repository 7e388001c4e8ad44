// Checks a response of the test app against openapi/api.yaml: the status must be documented
// for the operation the request hit, its JSON body must match the documented schema, and
// documented required headers must be present. A mismatch throws, failing the test.
import type { ValidateFunction } from 'ajv';
import { loadContract, type Contract, type ContractOperation } from '../../src/server/contract';
import { createContractAjv } from '../../src/server/http/ajv';

export interface CheckedResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const ERROR_BODY = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

/** Finds the documented response for a status: exact code, then '4XX'-style range, then default. */
function documented(op: ContractOperation, status: number) {
  const keys = Object.keys(op.responses);
  const key =
    keys.find((k) => k === String(status)) ??
    keys.find((k) => k.toUpperCase() === `${String(status)[0]}XX`) ??
    keys.find((k) => k === 'default');
  return key === undefined ? undefined : { key, response: op.responses[key]! };
}

export function createContractChecker(options: {
  /** operationIds the server implements; the others may answer 501 `{message}`. */
  implemented: ReadonlySet<string>;
  contract?: Contract;
}) {
  const contract = options.contract ?? loadContract();
  const ajv = createContractAjv('responses', contract.extensionKeywords);
  const validators = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };
  // OpenAPI: a concrete path matches before a templated one (/payouts/export/ before
  // /payouts/{id}/), as the server's router also decides.
  const routes = contract.operations
    .map((op) => ({
      op,
      pattern: new RegExp(
        `^${op.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]*')}$`,
      ),
    }))
    .sort((a, b) => Number(a.op.url.includes(':')) - Number(b.op.url.includes(':')));

  const operationFor = (method: string, url: string) => {
    const path = url.split('?')[0] ?? '';
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return routes.find((r) => r.op.method === wanted && r.pattern.test(path))?.op;
  };

  const parseJson = (what: string, res: CheckedResponse): unknown => {
    const type = String(res.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) {
      throw new ContractViolation(`${what}: expected application/json, got '${type}'`);
    }
    try {
      return JSON.parse(res.body) as unknown;
    } catch {
      throw new ContractViolation(`${what}: body is not JSON: ${res.body.slice(0, 200)}`);
    }
  };

  const checkBody = (what: string, schema: object, res: CheckedResponse) => {
    const validate = validatorOf(schema);
    const body = parseJson(what, res);
    if (!validate(body)) {
      throw new ContractViolation(
        `${what}: body does not match the contract: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`,
      );
    }
  };

  return {
    contract,
    operationFor,
    /** Throws ContractViolation when `res` is not what the contract documents. */
    check(method: string, url: string, res: CheckedResponse): void {
      const path = url.split('?')[0] ?? '';
      if (!path.startsWith(`${contract.prefix}/`)) return; // SPA, sandbox: not the API
      const op = operationFor(method, url);
      const what = `${method.toUpperCase()} ${path} -> ${res.statusCode}`;
      if (!op) {
        // Not an operation of the contract: only the JSON 404 is acceptable.
        if (res.statusCode !== 404) throw new ContractViolation(`${what}: no such operation`);
        checkBody(what, ERROR_BODY, res);
        return;
      }
      if (res.statusCode === 501 && !options.implemented.has(op.operationId)) {
        checkBody(`${what} (${op.operationId}, not implemented yet)`, ERROR_BODY, res);
        return;
      }
      const found = documented(op, res.statusCode);
      if (!found) {
        throw new ContractViolation(
          `${what}: status not documented for ${op.operationId} (documented: ${Object.keys(op.responses).join(', ')})\n${res.body.slice(0, 500)}`,
        );
      }
      for (const header of found.response.headers) {
        if (header.required && res.headers[header.name.toLowerCase()] === undefined) {
          throw new ContractViolation(`${what}: missing required header ${header.name}`);
        }
      }
      if (method.toUpperCase() === 'HEAD') return;
      if (found.response.schema) checkBody(what, found.response.schema, res);
      else if (found.response.mediaTypes.length > 0) {
        // Another media type than JSON (CSV, PDF): the content type must be a documented one.
        const type =
          String(res.headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim() ?? '';
        if (!found.response.mediaTypes.includes(type)) {
          throw new ContractViolation(
            `${what}: content type '${type}' is not documented (${found.response.mediaTypes.join(', ')})`,
          );
        }
      } else if (res.body !== '') {
        throw new ContractViolation(
          `${what}: the contract documents no body, got ${res.body.slice(0, 200)}`,
        );
      }
    },
  };
}

export type ContractChecker = ReturnType<typeof createContractChecker>;
