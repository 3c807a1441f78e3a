import type { FastifyInstance } from 'fastify';

/**
 * Behind a proxy or load balancer without TRUST_PROXY, every request seems to come from the proxy's
 * address, so every per-address limit (sign-in, registration, anonymous questions, break-glass
 * tokens) counts all callers together. The first request that carries X-Forwarded-For says so in
 * the log, once per process.
 */
export function warnAboutUntrustedProxy(app: FastifyInstance, trustProxy: boolean) {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return done();
    warned = true;
    request.log.warn(
      { remoteAddress: request.ip, trustProxy: false },
      'Requests carry X-Forwarded-For but TRUST_PROXY is false: if a proxy or load balancer forwards them, ' +
        'every caller shares its address and per-address limits (sign-in, registration, anonymous ' +
        'questions, break-glass tokens) count them all together. Set TRUST_PROXY=true behind a trusted proxy.',
    );
    done();
  });
}
