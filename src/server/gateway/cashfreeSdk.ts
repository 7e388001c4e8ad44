// The official SDK (`cashfree-pg` v5) as both Cashfree adapters use it (cashfree.ts for orders
// and refunds, cashfreeSubscriptions.ts for mandates): its `basePath` pointed at the PG API (the
// sandbox by default), its HTTP (axios) handed to the one transport (transport.ts), and every
// answer that is not a 2xx a GatewayError carrying only the gateway's status, code and message,
// never the SDK's request config, which holds the client secret.
import { Cashfree, CFEnvironment } from 'cashfree-pg';
import type { z } from 'zod';
import type { Config } from '../config';
import {
  createTransport,
  parseAnswer,
  refusal,
  type LocalTransport,
  type Transport,
} from './transport';
import { GatewayError } from './types';

export interface CashfreeGatewayOptions {
  /** Overrides config.cashfree.pgBaseUrl (tests point it at a listening sandbox). */
  basePath?: string;
  /** Per call; a gateway that does not answer must not hang a student's request. */
  timeoutMs?: number;
  loopback?: LocalTransport;
  retryDelaysMs?: readonly number[];
}

const NAME = 'Cashfree';

export type RequestOptions = NonNullable<Parameters<Cashfree['PGFetchOrder']>[3]>;
export type SdkResponse = { status: number; data: unknown };

/** The SDK's HTTP (axios) goes through the one transport: an adapter hands it each request. */
function transportAdapter(send: Transport): RequestOptions['adapter'] {
  return async (request) => {
    const url = new URL(request.url ?? '');
    for (const [key, value] of Object.entries(request.params ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {};
    const raw = (request.headers as { toJSON?: () => Record<string, unknown> }).toJSON?.() ?? {};
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined && value !== null && value !== false) headers[name] = String(value);
    }
    const answer = await send({
      method: (request.method ?? 'get').toUpperCase() as 'GET' | 'POST' | 'PATCH',
      url: url.toString(),
      headers,
      ...(typeof request.data === 'string' ? { body: request.data } : {}),
    });
    return {
      data: answer.text,
      status: answer.status,
      statusText: '',
      headers: {},
      config: request,
      request: {},
    };
  };
}

export function createCashfreeSdk(
  config: Pick<Config, 'cashfree'>,
  options: CashfreeGatewayOptions = {},
) {
  const { clientId, clientSecret } = config.cashfree;
  const environment =
    config.cashfree.env === 'production' ? CFEnvironment.PRODUCTION : CFEnvironment.SANDBOX;
  // The seventh argument `false` keeps the SDK from starting its third-party error reporting.
  const cashfree = new Cashfree(
    environment,
    clientId,
    clientSecret,
    undefined,
    undefined,
    undefined,
    false,
  );
  const basePath = (options.basePath ?? config.cashfree.pgBaseUrl).replace(/\/+$/, '');
  cashfree.basePath = basePath;

  const requestOptions: RequestOptions = {
    // Every answer comes back as a response; refusals are mapped below, not thrown by axios.
    validateStatus: () => true,
    adapter: transportAdapter(createTransport({ name: NAME, ...options })),
  };

  /** Runs one SDK call; returns the body of a 2xx, else throws GatewayError. */
  async function call(run: (opts: RequestOptions) => Promise<SdkResponse>): Promise<SdkResponse> {
    let response: SdkResponse;
    try {
      response = await run(requestOptions);
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      // Anything else the SDK threw: say no more than that (its config holds the secret).
      throw new GatewayError(`${NAME} could not be reached (sdk)`, null, 'network_error');
    }
    if (response.status < 200 || response.status > 299) {
      throw refusal(NAME, response.status, response.data);
    }
    return response;
  }

  function parse<T extends z.ZodType>(what: string, schema: T, response: SdkResponse): z.infer<T> {
    return parseAnswer(NAME, what, schema, response.status, response.data);
  }

  return { cashfree, call, parse, basePath };
}
