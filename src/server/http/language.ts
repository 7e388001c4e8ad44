// The caller's language (issue 15, D158): every text the server reads while serving a request
// is in the language its Accept-Language asks for, English when it asks for none we speak.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptLanguageTags, localeTag, pickLocale, type Locale } from '../../domain/locale';
import { followCurrentLocale, inLocale } from '../language';

export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(acceptLanguageTags(request.headers['accept-language']));
}

export async function installLanguage(app: FastifyInstance): Promise<void> {
  await followCurrentLocale();
  // Twice, as @fastify/request-context does: the handler runs from the request stream's 'end'
  // event, outside the context the first hook entered.
  app.addHook('onRequest', (request, _reply, done) => inLocale(requestLocale(request), done));
  app.addHook('preValidation', (request, _reply, done) => inLocale(requestLocale(request), done));
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      reply.header('Content-Language', localeTag(requestLocale(request)));
      const vary = reply.getHeader('Vary');
      reply.header('Vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    }
    done(null, payload);
  });
}
