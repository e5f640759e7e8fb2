import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type {
  ConsentActKind,
  ConsentStatus,
  ConsentVia,
  SignatureMethod,
} from '../../../common/schemas/consent-signing';
import { visibleAppointments, visiblePatients } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import {
  appointments,
  consentActs,
  consentRequests,
  consentTemplates,
  consentTemplateVersions,
  consentTemplateVersionServices,
  patients,
  profiles,
} from '../../platform';
import type { Tx } from '../../platform';

export interface ConsentActInsert {
  requestId: string;
  kind: ConsentActKind;
  signerName: string;
  signerDocument: string;
  representativeName: string | null;
  representativeDocument: string | null;
  representativeRelationship: string | null;
  signatureMethod: SignatureMethod;
  signaturePng: Buffer | null;
  typedSignature: string | null;
  ip: string;
  userAgent: string;
  via: ConsentVia;
  actorId: string | null;
  actedAt: Date;
  contentSha256: string;
  fileId: string;
}

const STATUS_OF: Record<ConsentActKind, ConsentStatus> = {
  firma: 'firmado',
  rechazo: 'rechazado',
  revocacion: 'revocado',
};
export const statusOf = (kind: ConsentActKind | null | undefined): ConsentStatus =>
  kind ? STATUS_OF[kind] : 'pendiente';

/** The latest act of the request in the row (the revocation comes after the signature it revokes). */
const lastAct = sql`(SELECT ca.id FROM ${consentActs} ca WHERE ca.request_id = ${consentRequests.id}
                     ORDER BY ca.acted_at DESC, (ca.kind = 'revocacion') DESC LIMIT 1)`;

const listColumns = {
  id: consentRequests.id,
  appointmentId: consentRequests.appointmentId,
  patientId: consentRequests.patientId,
  startsAt: appointments.startsAt,
  doctorName: profiles.displayName,
  title: consentTemplateVersions.title,
  versionNumber: consentTemplateVersions.number,
  kind: consentActs.kind,
  actedAt: consentActs.actedAt,
};

/** All SQL of signing: the requests made at booking and the append-only acts on them. */
export function createConsentSigningRepository(db: Db) {
  const list = (tx: Db) =>
    tx
      .select(listColumns)
      .from(consentRequests)
      .innerJoin(appointments, eq(appointments.id, consentRequests.appointmentId))
      .innerJoin(profiles, eq(profiles.id, appointments.doctorId))
      .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentRequests.versionId))
      .leftJoin(consentActs, eq(consentActs.id, lastAct));
  const present = (row: Awaited<ReturnType<ReturnType<typeof list>['execute']>>[number]) => ({
    id: row.id,
    appointmentId: row.appointmentId,
    patientId: row.patientId,
    startsAt: row.startsAt.toISOString(),
    doctorName: row.doctorName,
    title: row.title,
    versionNumber: row.versionNumber,
    status: statusOf(row.kind),
    actedAt: row.actedAt?.toISOString() ?? null,
  });

  return {
    /**
     * The versions a booking of `serviceId` must have signed: the latest version of each active template, when that
     * version names the service (an older version naming it does not: the template no longer applies to it).
     */
    async versionsForService(serviceId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ id: consentTemplateVersions.id })
        .from(consentTemplateVersions)
        .innerJoin(consentTemplates, eq(consentTemplates.id, consentTemplateVersions.templateId))
        .innerJoin(
          consentTemplateVersionServices,
          eq(consentTemplateVersionServices.versionId, consentTemplateVersions.id),
        )
        .where(
          and(
            eq(consentTemplates.state, 'activa'),
            eq(consentTemplateVersionServices.serviceId, serviceId),
            sql`${consentTemplateVersions.number} = (SELECT max(v.number) FROM ${consentTemplateVersions} v
                 WHERE v.template_id = ${consentTemplateVersions.templateId})`,
          ),
        )
        .orderBy(asc(consentTemplateVersions.title));
      return rows.map((row) => row.id);
    },

    async createRequests(appointmentId: string, patientId: string, versionIds: string[], tx: Tx) {
      if (versionIds.length === 0) return [];
      return tx
        .insert(consentRequests)
        .values(versionIds.map((versionId) => ({ appointmentId, patientId, versionId })))
        .onConflictDoNothing()
        .returning({ id: consentRequests.id });
    },

    /** The visit a request was made for, as it stands now (its end and state decide how long its e-mail link lasts). */
    async visitOf(requestId: string, tx: Db = db): Promise<{ endsAt: Date; status: string } | undefined> {
      const [row] = await tx
        .select({ endsAt: appointments.endsAt, status: appointments.status })
        .from(consentRequests)
        .innerJoin(appointments, eq(appointments.id, consentRequests.appointmentId))
        .where(eq(consentRequests.id, requestId));
      return row;
    },

    /** The ids and titles of an appointment's requests (the booking e-mail's links). */
    async ofAppointment(appointmentId: string, tx: Db = db) {
      return tx
        .select({ id: consentRequests.id, title: consentTemplateVersions.title })
        .from(consentRequests)
        .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentRequests.versionId))
        .where(eq(consentRequests.appointmentId, appointmentId))
        .orderBy(asc(consentTemplateVersions.title));
    },

    /** A request with the version's text and its acts, oldest first; undefined when there is none. */
    async findById(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: consentRequests.id,
          appointmentId: consentRequests.appointmentId,
          patientId: consentRequests.patientId,
          version: {
            id: consentTemplateVersions.id,
            number: consentTemplateVersions.number,
            title: consentTemplateVersions.title,
            body: consentTemplateVersions.body,
            consequences: consentTemplateVersions.consequences,
            risks: consentTemplateVersions.risks,
            alternatives: consentTemplateVersions.alternatives,
          },
        })
        .from(consentRequests)
        .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentRequests.versionId))
        .where(eq(consentRequests.id, id));
      if (!row) return undefined;
      const acts = await tx
        .select({
          id: consentActs.id,
          kind: consentActs.kind,
          actedAt: consentActs.actedAt,
          contentSha256: consentActs.contentSha256,
          fileId: consentActs.fileId,
        })
        .from(consentActs)
        .where(eq(consentActs.requestId, id))
        .orderBy(asc(consentActs.actedAt), asc(sql`(${consentActs.kind} = 'revocacion')`));
      const last = acts.at(-1);
      return { ...row, acts, status: statusOf(last?.kind), lastAct: last ?? null };
    },

    /**
     * The titles of the appointment's consents not signed now (pending, refused or revoked): the visit may not be
     * marked attended without them unless the doctor records why (`appointments/consent-gate.ts`).
     */
    /** A visit's requests nobody has decided yet (neither signed nor refused), for its booking's page. */
    async undecidedOfAppointment(appointmentId: string, tx: Db = db): Promise<{ id: string; title: string }[]> {
      const rows = await list(tx)
        .where(eq(consentRequests.appointmentId, appointmentId))
        .orderBy(asc(consentTemplateVersions.title));
      return rows.filter((row) => statusOf(row.kind) === 'pendiente').map((row) => ({ id: row.id, title: row.title }));
    },

    async unsignedTitles(appointmentId: string, tx: Db = db): Promise<string[]> {
      const rows = await list(tx)
        .where(eq(consentRequests.appointmentId, appointmentId))
        .orderBy(asc(consentTemplateVersions.title));
      return rows.filter((row) => statusOf(row.kind) !== 'firmado').map((row) => row.title);
    },

    /** Locks the request for the act being written: two acts at once are taken one after the other. */
    async lock(id: string, tx: Tx): Promise<void> {
      await tx.select({ id: consentRequests.id }).from(consentRequests).where(eq(consentRequests.id, id)).for('update');
    },

    async addAct(act: ConsentActInsert, tx: Tx): Promise<{ id: string }> {
      const [row] = await tx.insert(consentActs).values(act).returning({ id: consentActs.id });
      return row!;
    },

    /** The reads a route makes, by the requesting user's reach (a patient's requests through her record). */
    visibleTo(visibility: Visibility) {
      // A cancelled visit's consent nobody decided is no longer asked (its link answers 410): lists, the diary's day
      // and the visit's badge leave it out. A decided one stays: it is a signed document with its PDF.
      const stillAsked = sql`NOT (${appointments.status} = 'cancelada' AND ${consentActs.id} IS NULL)`;
      const visiblePatient = visiblePatients(visibility);
      const byPatient = sql`${consentRequests.patientId} IN (SELECT ${patients.id} FROM ${patients} WHERE ${visiblePatient ?? sql`true`})`;
      return {
        /** Every request of the records this user sees (a paciente: her own). */
        async all(tx: Db = db) {
          const rows = await list(tx)
            .where(and(byPatient, stillAsked))
            .orderBy(desc(appointments.startsAt), asc(consentTemplateVersions.title));
          return rows.map(present);
        },
        async ofPatient(patientId: string, tx: Db = db) {
          const rows = await list(tx)
            .where(and(eq(consentRequests.patientId, patientId), byPatient, stillAsked))
            .orderBy(desc(appointments.startsAt), asc(consentTemplateVersions.title));
          return rows.map(present);
        },
        /** The requests of the appointments in [from, to) this user sees (the diary: one read per day). */
        async between(from: Date, to: Date, tx: Db = db) {
          const rows = await list(tx)
            .where(
              and(
                gte(appointments.startsAt, from),
                lt(appointments.startsAt, to),
                visibleAppointments(visibility),
                stillAsked,
              ),
            )
            .orderBy(asc(appointments.startsAt), asc(consentTemplateVersions.title));
          return rows.map(present);
        },
        async ofAppointments(ids: string[], tx: Db = db) {
          if (ids.length === 0) return [];
          const rows = await list(tx)
            .where(and(inArray(consentRequests.appointmentId, ids), visibleAppointments(visibility), stillAsked))
            .orderBy(asc(consentTemplateVersions.title));
          return rows.map(present);
        },
        /** Whether this user sees the request's patient. */
        async sees(requestId: string, tx: Db = db): Promise<boolean> {
          const [row] = await tx
            .select({ id: consentRequests.id })
            .from(consentRequests)
            .where(and(eq(consentRequests.id, requestId), byPatient));
          return Boolean(row);
        },
      };
    },
  };
}

export type ConsentSigningRepository = ReturnType<typeof createConsentSigningRepository>;
