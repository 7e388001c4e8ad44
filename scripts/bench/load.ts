// Load figures with autocannon: requests a second and latency percentiles of one endpoint.
import autocannon from 'autocannon';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the run. */
  requests: number;
}

export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fresh request each time (a body, a header), for writes. */
  setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
}): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.setupRequest
      ? { requests: [{ setupRequest: options.setupRequest as never }] }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}
