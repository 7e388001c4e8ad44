// The contract (openapi/api.yaml) as Fastify route options: every operation's method, URL and
// request/response schemas, with internal $refs resolved. Routes are derived from this at
// startup, so a new operation in the contract needs no change here (ARCHITECTURE.md, Server).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_FILE } from './files';
import type { operations } from '../../openapi/schema';

export type OperationId = keyof operations;
export type JsonSchema = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
type Method = Uppercase<(typeof METHODS)[number]>;

export interface ContractResponse {
  /** The application/json schema, if the response has a body. */
  schema?: JsonSchema;
  /** Every media type the response documents (e.g. application/json, text/csv). */
  mediaTypes: string[];
  /** Documented headers; `required` as OpenAPI says (false unless stated). */
  headers: { name: string; required: boolean }[];
}

export interface ContractOperation {
  /** Typed as the generated ids; a contract newer than schema.d.ts may hold others. */
  operationId: OperationId;
  method: Method;
  /** The contract's path, e.g. `/user/{id}/`. */
  path: string;
  /** Fastify's URL, e.g. `/api/v1/user/:id/` (trailing slash kept, as spec §7 writes it). */
  url: string;
  /**
   * Alternatives of security schemes, as OpenAPI states them: `[]` is public, and an empty
   * alternative (`{}` in YAML) makes login optional (auth/security.ts).
   */
  security: string[][];
  bodyRequired: boolean;
  schema: {
    body?: JsonSchema;
    querystring?: JsonSchema;
    params?: JsonSchema;
    /** Per status code ('200', '4XX', 'default'), for Fastify's serializer. */
    response: Record<string, JsonSchema>;
  };
  responses: Record<string, ContractResponse>;
}

export interface Contract {
  prefix: string;
  operations: ContractOperation[];
  /** Security scheme name -> its definition (e.g. bearerAuth -> {type: http, scheme: bearer}). */
  securitySchemes: Record<string, { type?: string; scheme?: string }>;
  /** Vendor extension keys (`x-...`) used anywhere; the validators accept them as annotations. */
  extensionKeywords: string[];
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces every internal `$ref` by (a copy of) its target; siblings of `$ref` win. */
export function dereference(document: unknown): unknown {
  const pointer = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new Error(`Only internal $refs are supported: ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => {
        if (!isObj(node) || !(key in node)) throw new Error(`Unresolved $ref: ${ref}`);
        return node[key];
      }, document);
  };
  const walk = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (!isObj(node)) return node;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      // Recursive schemas cannot be inlined; the contract has none, and must say so loudly.
      if (seen.includes(ref)) throw new Error(`Recursive $ref is not supported: ${ref}`);
      const { $ref: _ref, ...siblings } = node;
      const target = walk(pointer(ref), [...seen, ref]);
      return isObj(target) ? { ...target, ...(walk(siblings, seen) as Obj) } : target;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, seen)]));
  };
  return walk(document, []);
}

function collectExtensionKeys(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => collectExtensionKeys(item, into));
  else if (isObj(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) into.add(key);
      collectExtensionKeys(value, into);
    }
  }
  return into;
}

function jsonSchemaOf(content: unknown): JsonSchema | undefined {
  if (!isObj(content)) return undefined;
  const json = content['application/json'];
  return isObj(json) && isObj(json.schema) ? json.schema : undefined;
}

function parametersSchema(parameters: Obj[], location: 'query' | 'path'): JsonSchema | undefined {
  const own = parameters.filter((p) => p.in === location);
  if (own.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, isObj(p.schema) ? p.schema : {}])),
    required: own.filter((p) => p.required === true || location === 'path').map((p) => p.name),
  };
}

const defined = <K extends string>(key: K, value: JsonSchema | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, JsonSchema>>;

export function parseContract(source: string): Contract {
  const raw = parse(source) as unknown;
  const doc = dereference(raw) as Obj;
  const servers = Array.isArray(doc.servers) ? (doc.servers as Obj[]) : [];
  const serverUrl = typeof servers[0]?.url === 'string' ? servers[0].url : '';
  const prefix = serverUrl.startsWith('/') ? serverUrl.replace(/\/+$/, '') : '/api/v1';
  const globalSecurity = Array.isArray(doc.security) ? (doc.security as Obj[]) : [];
  const components = isObj(doc.components) ? doc.components : {};
  const operations: ContractOperation[] = [];

  for (const [path, item] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    if (!isObj(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as Obj[]) : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      if (typeof op.operationId !== 'string') {
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      }
      // Operation parameters override path-level ones with the same name and location.
      const own = Array.isArray(op.parameters) ? (op.parameters as Obj[]) : [];
      const parameters = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      const body = isObj(op.requestBody) ? jsonSchemaOf(op.requestBody.content) : undefined;
      const responses: Record<string, ContractResponse> = {};
      for (const [status, response] of Object.entries(isObj(op.responses) ? op.responses : {})) {
        if (!isObj(response)) continue;
        responses[status] = {
          schema: jsonSchemaOf(response.content),
          mediaTypes: isObj(response.content) ? Object.keys(response.content) : [],
          headers: Object.entries(isObj(response.headers) ? response.headers : {}).map(
            ([name, header]) => ({ name, required: isObj(header) && header.required === true }),
          ),
        };
      }
      const security = (Array.isArray(op.security) ? (op.security as Obj[]) : globalSecurity).map(
        (requirement) => Object.keys(requirement),
      );
      operations.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase() as Method,
        path,
        url: prefix + path.replace(/\{([^}]+)\}/g, ':$1'),
        security,
        bodyRequired: isObj(op.requestBody) && op.requestBody.required === true,
        // Absent parts are left out, not set to undefined (Fastify warns about those).
        schema: {
          ...defined('body', body),
          ...defined('querystring', parametersSchema(parameters, 'query')),
          ...defined('params', parametersSchema(parameters, 'path')),
          response: Object.fromEntries(
            Object.entries(responses).flatMap(([status, r]) =>
              r.schema ? [[status, r.schema]] : [],
            ),
          ),
        },
        responses,
      });
    }
  }
  return {
    prefix,
    operations,
    securitySchemes: (isObj(components.securitySchemes)
      ? components.securitySchemes
      : {}) as Contract['securitySchemes'],
    extensionKeywords: [...collectExtensionKeys(raw, new Set())],
  };
}

let cached: Contract | undefined;

/** The contract from openapi/api.yaml, read once per process. */
export function loadContract(): Contract {
  cached ??= parseContract(readFileSync(CONTRACT_FILE, 'utf8'));
  return cached;
}
