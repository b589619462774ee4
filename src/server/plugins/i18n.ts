import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLanguage, type Language } from '#shared/languages.ts';
import { createTranslator, type Translate, type Translator } from '../i18n/translator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** For texts outside a request (a push message in its user's language). */
    translator: Translator;
  }
  interface FastifyRequest {
    lang: Language;
    t: Translate;
  }
}

/** Sets the request's language from Accept-Language (pt-BR when unreadable), its `t`, and Content-Language. */
export function useRequestLanguage(request: FastifyRequest, reply: FastifyReply, translator: Translator) {
  request.lang = negotiateLanguage(request.headers['accept-language']);
  request.t = translator.forLanguage(request.lang);
  reply.header('Content-Language', request.lang);
}

/** Decorates each request with the language negotiated from Accept-Language and a `t` bound to it. */
export const i18nPlugin = fp(async (app) => {
  const translator = createTranslator();
  app.decorate('translator', translator);
  app.decorateRequest('lang', 'pt-BR');
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', async (request, reply) => useRequestLanguage(request, reply, translator));
});
