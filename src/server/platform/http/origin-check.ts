import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { api, onlinePaymentApi } from '../../../common/api-paths';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The providers' webhooks (delivery statuses, incoming messages): Twilio and Meta call them from their servers,
 * which send no Origin.
 * Each is authenticated by its provider's signature alone (X-Twilio-Signature, X-Hub-Signature-256),
 * checked by its handler before anything is read or written; no cookie means anything to them.
 */
const SIGNED_WEBHOOKS = new Set([
  `POST ${api.twilioStatus}`,
  `POST ${api.twilioIncoming}`,
  `POST ${api.whatsappWebhook}`,
  // Redsys's notification (its Ds_Signature, HMAC-SHA256 under the order's key).
  `POST ${onlinePaymentApi.redsysNotification}`,
]);

/**
 * CSRF defence: a state-changing API request must carry an Origin header naming this site
 * (the configured public URL, or the host the request was sent to) — except the signed webhooks above.
 */
export default fp(async function originCheckPlugin(app: FastifyInstance, options: { publicUrl: string }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (SIGNED_WEBHOOKS.has(`${request.method} ${request.routeOptions.url}`)) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    if (!origin || (origin !== publicOrigin && origin !== own)) throw new AppError(403, 'BAD_ORIGIN');
  });
});
