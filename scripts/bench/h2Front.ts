// A TLS front speaking HTTP/2 to the browser and HTTP/1.1 to a server behind it, as the load
// balancer or CDN in front of a deployment does (README: Deployment). The benchmark puts one in
// front of the app and one in front of the React hello world, so both are measured the way a
// phone meets them in production: a page's files share one connection instead of queueing for
// six. Its own process, so the benchmark's Lighthouse work does not slow its answers.
//   H2_PORT, H2_UPSTREAM (http://127.0.0.1:port), H2_KEY and H2_CERT (PEM files)
import { readFileSync } from 'node:fs';
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({
  logger: false,
  http2: true,
  https: {
    key: readFileSync(process.env.H2_KEY!),
    cert: readFileSync(process.env.H2_CERT!),
    allowHTTP1: true,
  },
});
await app.register(proxy, { upstream: process.env.H2_UPSTREAM! });
await app.listen({ host: '127.0.0.1', port: Number(process.env.H2_PORT ?? 0) });
