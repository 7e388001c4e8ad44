// The references the benchmark measures against, in a process of their own: a bare Fastify
// hello world (GET /hello), and a React hello world built with our Vite setup, served as our
// server serves the app (precompressed assets, immutable caching) under /.
//   REFERENCE_PORT, REFERENCE_DIST (the built hello world)
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const dist = process.env.REFERENCE_DIST;
if (dist) {
  await app.register(fastifyStatic, {
    root: dist,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.REFERENCE_PORT ?? 0) });
