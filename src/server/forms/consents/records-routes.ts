import { readClinicSettings } from '../../platform';
import type { FastifyRequest } from 'fastify';
import { consentApi } from '../../../common/api-paths';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { paths } from '../../../common/paths';
import {
  consentLinkSchema,
  consentRequestSchema,
  consentStatusItemSchema,
  consentStatusQuerySchema,
} from '../../../common/schemas/consent-signing';
import { can } from '../../access';
import { requireUser } from '../../access';
import { clock, plus } from '../../platform';
import { AppError, notFound, validationError } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import { startOfDay } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import type { LinkPurpose } from './links';
import { CONSENT_NOT_FOUND, createConsentSigningService, signingClosed } from './signing-service';
import { consentLinks } from './use-cases';

const idParams = z.object({ id: z.uuid({ error: CONSENT_NOT_FOUND }) });
const patientParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });
/** How long a fresh link lasts: the desk's QR code is shown there and then; the area's is opened at once. */
const DESK_LINK_MINUTES = 30;
const AREA_LINK_MINUTES = 60;

const out = ({ patientId: _patientId, ...item }: { patientId: string } & z.infer<typeof consentRequestSchema>) => item;

/**
 * Consents as records (issue 24): the patient's list (chart, her area), the state of a day's or a visit's consents
 * (the diary, the consultation), a request's PDF, and a fresh signing link (the desk's QR code, the area's button).
 * Who reaches which request is the scope's: a patient her own, a doctor her patients', the desk all.
 */
export const consentsRecordsRoutes: RoutePlugin = async (app, deps) => {
  const service = createConsentSigningService(deps);
  const links = consentLinks(deps);

  app.get(
    consentApi.patientConsents(':id'),
    {
      config: { access: 'read:consent-requests' },
      schema: { params: patientParams, response: { 200: z.array(consentRequestSchema) } },
    },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.consents.ofPatient(patient.id, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'consent',
          patientId: patient.id,
          details: { results: found.length },
        }),
      );
      return rows.map(out);
    },
  );

  app.get(
    consentApi.myConsents,
    { config: { access: 'sign:consents' }, schema: { response: { 200: z.array(consentRequestSchema) } } },
    async (request) => {
      requireUser(request);
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.consents.all(db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'consent',
          patientId: found[0]?.patientId,
          details: { view: 'own', results: found.length },
        }),
      );
      return rows.map(out);
    },
  );

  app.get(
    consentApi.consentStatus,
    {
      config: { access: 'read:consents' },
      schema: { querystring: consentStatusQuerySchema, response: { 200: z.array(consentStatusItemSchema) } },
    },
    async (request) => {
      const { date, appointmentId } = request.query;
      if (!date && !appointmentId) throw validationError({ date: 'Indica el día o la cita' });
      const visible = request.scope.consents;
      let rows;
      if (appointmentId) {
        await request.scope.appointment(appointmentId);
        rows = await visible.ofAppointments([appointmentId]);
      } else {
        const { timeZone } = await readClinicSettings(deps);
        const next = Temporal.PlainDate.from(date!).add({ days: 1 }).toString();
        rows = await visible.between(startOfDay(date!, timeZone), startOfDay(next, timeZone));
      }
      return rows.map((row) => ({
        requestId: row.id,
        appointmentId: row.appointmentId,
        title: row.title,
        status: row.status,
      }));
    },
  );

  /** The request, when this user reaches its patient; else 404 as for one that does not exist. */
  async function visibleRequest(id: string, consents: FastifyRequest['scope']['consents']) {
    if (!(await consents.sees(id))) throw notFound(CONSENT_NOT_FOUND);
  }

  app.get(
    consentApi.requestPdf(':id'),
    { config: { access: 'read:consents' }, schema: { params: idParams } },
    async (request, reply) => {
      await visibleRequest(request.params.id, request.scope.consents);
      const pdf = await auditedRead(
        deps.db,
        async () => {
          const found = await service.latestPdf(request.params.id);
          if (!found) throw notFound('Este consentimiento aún no está firmado ni rechazado.');
          return found;
        },
        (found) => ({
          ...auditContext(request),
          action: 'export',
          entity: 'consent',
          entityId: found.request.id,
          patientId: found.request.patientId,
          details: { format: 'pdf' },
        }),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .send(pdf.content);
    },
  );

  app.post(
    consentApi.requestLink(':id'),
    { config: { access: 'create:consent-links' }, schema: { params: idParams, response: { 200: consentLinkSchema } } },
    async (request) => {
      const user = requireUser(request);
      await visibleRequest(request.params.id, request.scope.consents);
      const { request: found, appointment, settings } = await service.load(request.params.id);
      const purpose: LinkPurpose | null =
        found.status === 'pendiente' ? 'firma' : found.status === 'firmado' ? 'revocacion' : null;
      if (!purpose) {
        throw new AppError(409, 'CONFLICT', `Este consentimiento está ${found.status}: no hay nada que firmar.`);
      }
      if (purpose === 'firma' && signingClosed(appointment, settings.timeZone)) {
        throw new AppError(
          409,
          'CONFLICT',
          'La visita ya ha pasado: este consentimiento ya no se firma. Si se firmó en papel, adjunta el escaneo a los documentos del paciente.',
        );
      }
      // Where the link is shown: the desk's tablet (who manages the clinic's appointments), or the paciente's area.
      const desk = can(user, 'manage:appointments');
      const expiresAt = plus(clock.nowMs(), { minutes: desk ? DESK_LINK_MINUTES : AREA_LINK_MINUTES });
      const token = await links.tokenFor({
        requestId: found.id,
        purpose,
        via: desk ? 'mostrador' : 'area',
        expiresAt,
      });
      return {
        url: `${deps.config.publicUrl}${paths.consentSigning(token)}`,
        purpose,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );
};
