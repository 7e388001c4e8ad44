// The references the benchmark measures against, in a process of their own: a bare Fastify
// hello world (GET /hello); with a database, the same Fastify answering one indexed row read by
// the product's driver (GET /row: the floor of any read that goes to the database); and a
// React hello world built with our Vite setup, served as our server serves the app
// (precompressed assets, immutable caching) under /.
//   REFERENCE_PORT, REFERENCE_DIST (the built hello world), REFERENCE_DATABASE_URL
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import postgres from 'postgres';
import { DEFAULT_POOL_MAX } from '../../src/server/db/client';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const databaseUrl = process.env.REFERENCE_DATABASE_URL;
if (databaseUrl) {
  const sql = postgres(databaseUrl, { max: DEFAULT_POOL_MAX });
  app.get('/row', async () => {
    const [row] = await sql`select id, phone, role from users order by id limit 1`;
    return row;
  });
}
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
