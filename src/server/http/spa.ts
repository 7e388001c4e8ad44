// Serves the built SPA (dist/) when it exists: hashed assets cached forever, index.html never
// cached, and index.html for client routes such as /student/login.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface Spa {
  sendIndex(reply: FastifyReply): FastifyReply;
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Spa | null> {
  if (!existsSync(join(distDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    // '/' itself; index.html is not under assets/, so setHeaders marks it no-cache.
    index: 'index.html',
    serveDotFiles: false,
    // dist/.vite/manifest.json is for the budget script, not for browsers.
    allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
    cacheControl: false,
    setHeaders(res, path) {
      // Vite fingerprints everything under assets/, so a given URL never changes.
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return {
    sendIndex: (reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false }),
  };
}
