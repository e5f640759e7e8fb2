import { z } from 'zod';
import { onlinePaymentApi } from '../../../common/api-paths';
import {
  onlinePaymentInputSchema,
  onlinePaymentResultSchema,
  paymentLinkInputSchema,
  paymentLinkSentSchema,
  paymentLinkViewSchema,
  redsysFormSchema,
  redsysSettingsInputSchema,
  redsysSettingsSchema,
} from '../../../common/schemas/online-payments';
import { auditContext, notFound } from '../../platform';
import type { RoutePlugin } from '../route-deps';

const NOT_FOUND = 'Factura no encontrada';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });
const tokenParams = z.object({ token: z.string().min(1).max(100, { error: 'Enlace no válido' }) });
const attemptParams = z.object({ id: z.uuid({ error: 'Pago no encontrado' }) });
const field = z.string().max(8192).optional();

/** Paying online through Redsys (issue 36, item 6; decision 0116). */
export const onlinePaymentsRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.onlinePayments;
  const limit = deps.config.limits.onlinePayment;

  // Redsys posts its notification form-urlencoded: this plugin's routes read such a body as its fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    onlinePaymentApi.redsysSettings,
    { config: { access: 'manage:settings' }, schema: { response: { 200: redsysSettingsSchema } } },
    async () => service.settings(),
  );

  app.put(
    onlinePaymentApi.redsysSettings,
    {
      config: { access: 'manage:settings' },
      schema: { body: redsysSettingsInputSchema, response: { 200: redsysSettingsSchema } },
    },
    async (request) => service.saveSettings({ ...request.body, secret: request.body.secret }, auditContext(request)),
  );

  // «Pagar con tarjeta o Bizum» in «Mis facturas»: her own invoice only.
  app.post(
    onlinePaymentApi.invoiceOnlinePayment(':id'),
    {
      config: { access: 'create:online-payments', rateLimit: limit },
      schema: { params: idParams, body: onlinePaymentInputSchema, response: { 200: redsysFormSchema } },
    },
    async (request) => {
      if (!(await request.scope.invoices.findById(request.params.id))) throw notFound(NOT_FOUND);
      return service.start(request.params.id, request.body.method, null);
    },
  );

  // The desk sends a link to pay by e-mail or SMS.
  app.post(
    onlinePaymentApi.invoicePaymentLink(':id'),
    {
      config: { access: 'manage:invoices' },
      schema: { params: idParams, body: paymentLinkInputSchema, response: { 201: paymentLinkSentSchema } },
    },
    async (request, reply) => {
      if (!(await request.scope.invoices.findById(request.params.id))) throw notFound(NOT_FOUND);
      const sent = await service.sendLink(request.params.id, request.body.channel, auditContext(request));
      return reply.status(201).send({ sentTo: sent.sentTo, expiresAt: sent.expiresAt });
    },
  );

  // The link's page: no sign-in, the token is the proof.
  app.get(
    onlinePaymentApi.paymentLink(':token'),
    {
      config: { access: 'public', rateLimit: limit },
      schema: { params: tokenParams, response: { 200: paymentLinkViewSchema } },
    },
    async (request) => service.linkView(request.params.token),
  );

  app.post(
    onlinePaymentApi.paymentLinkPay(':token'),
    {
      config: { access: 'public', rateLimit: limit },
      schema: { params: tokenParams, body: onlinePaymentInputSchema, response: { 200: redsysFormSchema } },
    },
    async (request) => service.startFromLink(request.params.token, request.body.method),
  );

  // The page Redsys sends the browser back to reads the state; only the notification records.
  app.get(
    onlinePaymentApi.onlinePayment(':id'),
    { config: { access: 'public' }, schema: { params: attemptParams, response: { 200: onlinePaymentResultSchema } } },
    async (request) => service.result(request.params.id),
  );

  // Redsys's notification: public, no Origin, no cookie; its signature is the proof (checked before anything else).
  app.post(
    onlinePaymentApi.redsysNotification,
    {
      config: { access: 'public' },
      schema: {
        body: z.object({ Ds_SignatureVersion: field, Ds_MerchantParameters: field, Ds_Signature: field }).optional(),
        response: { 200: z.object({ outcome: z.enum(['pagado', 'rechazado', 'duplicado']) }) },
      },
    },
    async (request) => ({ outcome: await service.notify(request.body ?? {}) }),
  );
};
