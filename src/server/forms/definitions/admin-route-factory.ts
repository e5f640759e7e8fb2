import { z } from 'zod';
import type { Permission } from '../../access';
import { auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import {
  versionedDefinitions,
  type DefinitionRules,
  type PublishedVersion,
  type VersionedDefinitionsRepository,
} from './use-cases';

/** One kind of versioned definition, as its routes need to know it. */
export interface VersionedDefinitionsSpec<
  Input extends { serviceIds: string[] },
  State extends string,
  Version extends PublishedVersion,
  Summary,
> extends DefinitionRules<Input, State, Version> {
  paths: { list: string; one: string; versions: string; state: string };
  access: Permission;
  schemas: {
    summary: z.ZodType<Summary>;
    detail: z.ZodType;
    input: z.ZodType<Input>;
    state: z.ZodType<{ state: State }>;
  };
  repository: (deps: Parameters<RoutePlugin>[1]) => VersionedDefinitionsRepository<Input, State, Version, Summary>;
}

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
    const definitions = versionedDefinitions(deps, spec.repository(deps), spec);
    const config = { access: spec.access } as const;
    const idParams = z.object({ id: z.uuid({ error: spec.messages.notFound }) });
    const { detail: detailSchema, input: inputSchema } = spec.schemas;

    app.get(spec.paths.list, { config, schema: { response: { 200: z.array(spec.schemas.summary) } } }, () =>
      definitions.list(),
    );

    app.get(spec.paths.one, { config, schema: { params: idParams, response: { 200: detailSchema } } }, (request) =>
      definitions.detail(request.params.id),
    );

    app.post(
      spec.paths.list,
      { config, schema: { body: inputSchema, response: { 201: detailSchema } } },
      async (request, reply) => {
        const created = await definitions.create(request.body as Input, request.user!.id, auditContext(request));
        return reply.status(201).send(created);
      },
    );

    app.post(
      spec.paths.versions,
      { config, schema: { params: idParams, body: inputSchema, response: { 201: detailSchema } } },
      async (request, reply) => {
        const { id } = request.params;
        await definitions.publish(id, request.body as Input, request.user!.id, auditContext(request));
        return reply.status(201).send(await definitions.detail(id));
      },
    );

    app.put(
      spec.paths.state,
      { config, schema: { params: idParams, body: spec.schemas.state, response: { 200: detailSchema } } },
      async (request) => {
        const { state } = request.body as { state: State };
        await definitions.setState(request.params.id, state, auditContext(request));
        return definitions.detail(request.params.id);
      },
    );
  };
}
