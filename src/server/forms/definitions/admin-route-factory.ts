import { z } from 'zod';
import type { Permission } from '../../access';
import type { Tx } from '../../platform';
import { AppError, notFound, validationError } from '../../platform';
import { audited, auditContext } from '../../platform';
import type { AuditEntry } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import type { ServiceRef } from './shared-repository';

/** What every published version carries that the routes compare. */
export interface PublishedVersion {
  title: string;
  services: ServiceRef[];
}

/** A definition as its detail route answers it: its state and its versions, the latest first. */
export interface DefinitionDetail<State extends string, Version extends PublishedVersion> {
  id: string;
  state: State;
  currentVersion: number;
  versions: Version[];
}

/** What a versioned definition's repository offers the routes (consents' templates, questionnaires). */
export interface VersionedDefinitionsRepository<
  Input extends { serviceIds: string[] },
  State extends string,
  Version extends PublishedVersion,
  Summary,
> {
  list(): Promise<Summary[]>;
  findById(id: string): Promise<DefinitionDetail<State, Version> | undefined>;
  create(input: Input, createdBy: string | null, tx: Tx): Promise<{ id: string }>;
  publish(id: string, input: Input, createdBy: string | null, tx: Tx): Promise<{ number: number } | undefined>;
  setState(id: string, state: State, tx: Tx): Promise<boolean>;
  activeServices(ids: string[]): Promise<string[]>;
}

/** One kind of versioned definition, as its routes need to know it. */
export interface VersionedDefinitionsSpec<
  Input extends { serviceIds: string[] },
  State extends string,
  Version extends PublishedVersion,
  Summary,
> {
  paths: { list: string; one: string; versions: string; state: string };
  access: Permission;
  /** Its name in the audit trail. */
  entity: AuditEntry['entity'];
  schemas: {
    summary: z.ZodType<Summary>;
    detail: z.ZodType;
    input: z.ZodType<Input>;
    state: z.ZodType<{ state: State }>;
  };
  repository: (deps: Parameters<RoutePlugin>[1]) => VersionedDefinitionsRepository<Input, State, Version, Summary>;
  messages: { notFound: string; archived: string; unchanged: (version: number) => string };
  archivedState: State;
  /** Whether an input says exactly what a published version says, services apart (they are compared here). */
  sameContent: (input: Input, version: Version) => boolean;
  /** What the audit of a creation records besides the version and the number of services. */
  creationDetails?: (input: Input) => Record<string, unknown>;
}

const sameServices = (serviceIds: string[], services: ServiceRef[]) =>
  [...new Set(serviceIds)].sort().join() ===
  services
    .map((service) => service.id)
    .sort()
    .join();

/**
 * The admin's routes of a versioned definition: list, read, create (version 1), publish the next version (never
 * an unchanged copy, never of an archived one) and archive or bring back. Consent templates and questionnaires
 * are both made this way (issue 24); only their content and words differ.
 */
export function versionedDefinitionsRoutes<
  Input extends { title: string; serviceIds: string[] },
  State extends string,
  Version extends PublishedVersion,
  Summary,
>(spec: VersionedDefinitionsSpec<Input, State, Version, Summary>): RoutePlugin {
  return async (app, deps) => {
    const repo = spec.repository(deps);
    const config = { access: spec.access } as const;
    const idParams = z.object({ id: z.uuid({ error: spec.messages.notFound }) });
    const { detail: detailSchema, input: inputSchema } = spec.schemas;

    /** Every service chosen exists and is active: else a message on the field. */
    async function checkServices(input: Input) {
      const wanted = [...new Set(input.serviceIds)];
      const active = await repo.activeServices(wanted);
      if (active.length !== wanted.length) throw validationError({ serviceIds: 'Elige servicios activos de la lista' });
    }

    const detail = async (id: string) => {
      const found = await repo.findById(id);
      if (!found) throw notFound(spec.messages.notFound);
      return found;
    };

    app.get(spec.paths.list, { config, schema: { response: { 200: z.array(spec.schemas.summary) } } }, () =>
      repo.list(),
    );

    app.get(spec.paths.one, { config, schema: { params: idParams, response: { 200: detailSchema } } }, (request) =>
      detail(request.params.id),
    );

    app.post(
      spec.paths.list,
      { config, schema: { body: inputSchema, response: { 201: detailSchema } } },
      async (request, reply) => {
        const input = request.body as Input;
        await checkServices(input);
        const created = await audited(
          deps.db,
          (tx) => repo.create(input, request.user!.id, tx),
          (made) => ({
            ...auditContext(request),
            action: 'create',
            entity: spec.entity,
            entityId: made.id,
            details: { version: 1, services: input.serviceIds.length, ...spec.creationDetails?.(input) },
          }),
        );
        return reply.status(201).send(await detail(created.id));
      },
    );

    app.post(
      spec.paths.versions,
      { config, schema: { params: idParams, body: inputSchema, response: { 201: detailSchema } } },
      async (request, reply) => {
        const input = request.body as Input;
        const before = await detail(request.params.id);
        if (before.state === spec.archivedState) throw new AppError(409, 'CONFLICT', spec.messages.archived);
        const latest = before.versions[0]!;
        if (spec.sameContent(input, latest) && sameServices(input.serviceIds, latest.services)) {
          throw validationError({}, spec.messages.unchanged(before.currentVersion));
        }
        await checkServices(input);
        await audited(
          deps.db,
          async (tx) => {
            const result = await repo.publish(request.params.id, input, request.user!.id, tx);
            if (!result) throw notFound(spec.messages.notFound);
            return result;
          },
          (result) => ({
            ...auditContext(request),
            action: 'publish',
            entity: spec.entity,
            entityId: request.params.id,
            details: { version: result.number, previous: before.currentVersion },
          }),
        );
        return reply.status(201).send(await detail(request.params.id));
      },
    );

    app.put(
      spec.paths.state,
      { config, schema: { params: idParams, body: spec.schemas.state, response: { 200: detailSchema } } },
      async (request) => {
        const { state } = request.body as { state: State };
        const before = await detail(request.params.id);
        if (before.state !== state) {
          await audited(deps.db, (tx) => repo.setState(request.params.id, state, tx), {
            ...auditContext(request),
            action: 'status',
            entity: spec.entity,
            entityId: request.params.id,
            details: { before: before.state, after: state },
          });
        }
        return detail(request.params.id);
      },
    );
  };
}
