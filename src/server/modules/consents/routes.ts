import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  CONSENT_SECTIONS,
  consentStateInputSchema,
  consentTemplateSchema,
  consentTemplateSummarySchema,
  consentVersionInputSchema,
  type ConsentVersionInput,
} from '../../../common/schemas/consents';
import { AppError, notFound, validationError } from '../../errors';
import { audited, auditContext } from '../audit/audited';
import type { RoutePlugin } from '../route-plugin';

const NOT_FOUND = 'Plantilla de consentimiento no encontrada';
const ARCHIVED = 'La plantilla está archivada: reactívala para publicar una versión nueva.';
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

type VersionText = Pick<ConsentVersionInput, 'title' | (typeof CONSENT_SECTIONS)[number]> & {
  services: { id: string }[];
};

/** Whether an input says exactly what a published version says (publishing it again would make a copy). */
const sameAs = (input: ConsentVersionInput, version: VersionText) =>
  input.title === version.title &&
  CONSENT_SECTIONS.every((key) => input[key] === version[key]) &&
  [...new Set(input.serviceIds)].sort().join() ===
    version.services
      .map((service) => service.id)
      .sort()
      .join();

/** «Consentimientos» (issue 24, item 1): the admin writes informed-consent templates and publishes their versions. */
export const consentsRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.consents;
  const admin = { access: 'consents:manage' } as const;

  /** Every service chosen exists and is active: else a message on the field. */
  async function checkServices(input: ConsentVersionInput) {
    const wanted = [...new Set(input.serviceIds)];
    const active = await repo.activeServices(wanted);
    if (active.length !== wanted.length) {
      throw validationError({ serviceIds: 'Elige servicios activos de la lista' });
    }
  }

  const detail = async (id: string) => {
    const found = await repo.findById(id);
    if (!found) throw notFound(NOT_FOUND);
    return found;
  };

  app.get(
    api.consentTemplates,
    { config: admin, schema: { response: { 200: z.array(consentTemplateSummarySchema) } } },
    () => repo.list(),
  );

  app.get(
    api.consentTemplate(':id'),
    { config: admin, schema: { params: idParams, response: { 200: consentTemplateSchema } } },
    (request) => detail(request.params.id),
  );

  app.post(
    api.consentTemplates,
    { config: admin, schema: { body: consentVersionInputSchema, response: { 201: consentTemplateSchema } } },
    async (request, reply) => {
      await checkServices(request.body);
      const created = await audited(
        deps.db,
        (tx) => repo.create(request.body, request.user!.id, tx),
        (template) => ({
          ...auditContext(request),
          action: 'create',
          entity: 'consent_template',
          entityId: template.id,
          details: { version: 1, services: request.body.serviceIds.length },
        }),
      );
      return reply.status(201).send(await detail(created.id));
    },
  );

  app.post(
    api.consentTemplateVersions(':id'),
    {
      config: admin,
      schema: { params: idParams, body: consentVersionInputSchema, response: { 201: consentTemplateSchema } },
    },
    async (request, reply) => {
      const before = await detail(request.params.id);
      if (before.state === 'archivada') throw new AppError(409, 'CONFLICT', ARCHIVED);
      if (sameAs(request.body, before.versions[0]!)) {
        throw validationError(
          {},
          `No hay cambios respecto a la versión ${before.currentVersion}: cambia el texto, el título o los servicios.`,
        );
      }
      await checkServices(request.body);
      await audited(
        deps.db,
        async (tx) => {
          const result = await repo.publish(request.params.id, request.body, request.user!.id, tx);
          if (!result) throw notFound(NOT_FOUND);
          return result;
        },
        (result) => ({
          ...auditContext(request),
          action: 'publish',
          entity: 'consent_template',
          entityId: request.params.id,
          details: { version: result.number, previous: before.currentVersion },
        }),
      );
      return reply.status(201).send(await detail(request.params.id));
    },
  );

  app.put(
    api.consentTemplateState(':id'),
    {
      config: admin,
      schema: { params: idParams, body: consentStateInputSchema, response: { 200: consentTemplateSchema } },
    },
    async (request) => {
      const before = await detail(request.params.id);
      if (before.state !== request.body.state) {
        await audited(deps.db, (tx) => repo.setState(request.params.id, request.body.state, tx), {
          ...auditContext(request),
          action: 'status',
          entity: 'consent_template',
          entityId: request.params.id,
          details: { before: before.state, after: request.body.state },
        });
      }
      return detail(request.params.id);
    },
  );
};
