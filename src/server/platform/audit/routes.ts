import { auditLogBatch, searchAuditLog } from './use-cases';
import { readClinicSettings } from '../settings/settings';
import { Readable } from 'node:stream';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import {
  auditFiltersSchema,
  auditListQuerySchema,
  auditListSchema,
  type AuditFilters,
} from '../../../common/schemas/audit';
import { clock } from '../clock';
import { dateInZone, startOfDay, startOfNextDay } from '../dates';
import { auditedRead, auditContext } from './audited';
import { auditCsvHeader, auditCsvRows } from './csv';
import { presentAuditEntry } from './presenters';
import type { AuditEntryRow, AuditSearch } from './repository';

/** Entries read per query while the CSV is sent. */
const EXPORT_BATCH = 1000;

/** The admins' view of the audit log: a filtered page, and the CSV of every match. */
export const auditRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;
  const admin = { access: 'read:audit' } as const;

  /** The filters as instants: clinic-zone days, both included. */
  function searchOf(filters: AuditFilters, timeZone: string): AuditSearch {
    const { from, to, ...rest } = filters;
    return {
      ...rest,
      from: from ? startOfDay(from, timeZone) : undefined,
      to: to ? startOfNextDay(to, timeZone) : undefined,
    };
  }

  app.get(
    api.audit,
    { config: admin, schema: { querystring: auditListQuerySchema, response: { 200: auditListSchema } } },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const { timeZone } = await readClinicSettings(deps);
      // Reading the log is itself recorded, after the read (so not in its own page).
      const found = await auditedRead(
        db,
        (db) => searchAuditLog(deps, { ...searchOf(filters, timeZone), page, pageSize }, db),
        (result) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'audit_log',
          patientId: filters.patientId,
          details: { ...filters, page, results: result.items.length },
        }),
      );
      return {
        items: found.items.map(presentAuditEntry),
        total: found.total,
        totalIsCapped: found.totalIsCapped,
        page,
        pageSize,
        timeZone,
      };
    },
  );

  app.get(api.auditExport, { config: admin, schema: { querystring: auditFiltersSchema } }, async (request, reply) => {
    const filters = request.query;
    const { timeZone } = await readClinicSettings(deps);
    const search = searchOf(filters, timeZone);
    // The first batch is read before the export's own entry is written; the rest follow in batches
    // while the file is sent, so memory does not grow with the size of the log.
    const first = await auditedRead(db, (db) => auditLogBatch(deps, search, null, EXPORT_BATCH, db), {
      ...auditContext(request),
      action: 'export',
      entity: 'audit_log',
      patientId: filters.patientId,
      details: { ...filters },
    });
    async function* chunks() {
      yield auditCsvHeader();
      let batch: AuditEntryRow[] = first;
      while (batch.length > 0) {
        yield auditCsvRows(batch.map(presentAuditEntry), timeZone);
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1]!;
        batch = await auditLogBatch(deps, search, { at: last.cursorAt, id: last.id }, EXPORT_BATCH);
      }
    }
    const stamp = dateInZone(clock.now(), timeZone);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="registro-accesos-${stamp}.csv"`)
      .send(Readable.from(chunks(), { objectMode: false }));
  });
};
