import type { Tx } from '../../platform';
import { AppError, audited, notFound, validationError, type AuditContext, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
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

/** What the rules of one kind of versioned definition need to know of it: its name, words and sameness. */
export interface DefinitionRules<Input, State extends string, Version extends PublishedVersion> {
  /** Its name in the audit trail. */
  entity: AuditEntry['entity'];
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
 * What the admin does with a versioned definition: list, read, create (version 1), publish the next version (never
 * an unchanged copy, never of an archived one) and archive or bring back, each change audited.
 */
export function versionedDefinitions<
  Input extends { title: string; serviceIds: string[] },
  State extends string,
  Version extends PublishedVersion,
  Summary,
>(
  deps: Pick<CoreDeps, 'db'>,
  repo: VersionedDefinitionsRepository<Input, State, Version, Summary>,
  spec: DefinitionRules<Input, State, Version>,
) {
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

  return {
    list: () => repo.list(),
    detail,

    /** Creates the definition with its version 1; answers it. */
    async create(input: Input, createdBy: string, audit: AuditContext) {
      await checkServices(input);
      const created = await audited(
        deps.db,
        (tx) => repo.create(input, createdBy, tx),
        (made) => ({
          ...audit,
          action: 'create',
          entity: spec.entity,
          entityId: made.id,
          details: { version: 1, services: input.serviceIds.length, ...spec.creationDetails?.(input) },
        }),
      );
      return detail(created.id);
    },

    /** Publishes the next version: 409 when archived, 400 when it says what the latest says. */
    async publish(id: string, input: Input, createdBy: string, audit: AuditContext) {
      const before = await detail(id);
      if (before.state === spec.archivedState) throw new AppError(409, 'CONFLICT', spec.messages.archived);
      const latest = before.versions[0]!;
      if (spec.sameContent(input, latest) && sameServices(input.serviceIds, latest.services)) {
        throw validationError({}, spec.messages.unchanged(before.currentVersion));
      }
      await checkServices(input);
      await audited(
        deps.db,
        async (tx) => {
          const result = await repo.publish(id, input, createdBy, tx);
          if (!result) throw notFound(spec.messages.notFound);
          return result;
        },
        (result) => ({
          ...audit,
          action: 'publish',
          entity: spec.entity,
          entityId: id,
          details: { version: result.number, previous: before.currentVersion },
        }),
      );
    },

    /** Archives it or brings it back; nothing is written when it is in that state already. */
    async setState(id: string, state: State, audit: AuditContext) {
      const before = await detail(id);
      if (before.state === state) return;
      await audited(deps.db, (tx) => repo.setState(id, state, tx), {
        ...audit,
        action: 'status',
        entity: spec.entity,
        entityId: id,
        details: { before: before.state, after: state },
      });
    },
  };
}
