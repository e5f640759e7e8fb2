import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { visibleAppointments } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import { appointments, profiles } from '../../platform';
import {
  filterConditions,
  findView,
  selectView,
  toView,
  type AppointmentFilters,
  type AppointmentView,
} from './view-repository';

type RangeFilters = AppointmentFilters & { includeCancelled?: boolean };
type PageFilters = AppointmentFilters & { page: number; pageSize: number; order: 'asc' | 'desc' };
type ExportAfter = { startsAt: Date; id: string } | null;

/** The reads of the diary, the lists and the export: one appointment, a range of days, a page, an export's page. */
export function appointmentDiaryQueries(db: Db) {
  /** Appointments starting in [from, to), in start order (calendar, agendas, diary). */
  async function listRange(filters: RangeFilters, tx: Db = db): Promise<AppointmentView[]> {
    const where = and(
      filterConditions(filters),
      filters.includeCancelled === false ? ne(appointments.status, 'cancelada') : undefined,
    );
    const rows = await selectView(tx)
      .where(where)
      .orderBy(asc(appointments.startsAt), asc(profiles.displayName))
      .limit(5000);
    return rows.map(toView);
  }

  /**
   * One page of the appointments matching the filters, in start order, after `after` (keyset on start
   * and id: each page is an index range, however deep the export goes).
   */
  async function exportPage(
    filters: AppointmentFilters,
    after: ExportAfter,
    pageSize: number,
    tx: Db = db,
  ): Promise<AppointmentView[]> {
    const rows = await selectView(tx)
      .where(
        and(
          filterConditions(filters),
          after
            ? sql`(${appointments.startsAt}, ${appointments.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(pageSize);
    return rows.map(toView);
  }

  async function listPage(filters: PageFilters, tx: Db = db): Promise<{ items: AppointmentView[]; total: number }> {
    const where = filterConditions(filters);
    const direction = filters.order === 'asc' ? asc : desc;
    // One after the other: `tx` may be a transaction, whose single connection takes one query at a time.
    const rows = await selectView(tx)
      .where(where)
      .orderBy(direction(appointments.startsAt), asc(appointments.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    const [count] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(appointments)
      .where(where);
    return { items: rows.map(toView), total: count?.total ?? 0 };
  }

  return {
    /** The reads a route makes: only the appointments `visibility` lets the requesting user see. */
    visibleTo(visibility: Visibility) {
      const visible = visibleAppointments(visibility);
      return {
        findView: async (id: string, tx: Db = db): Promise<AppointmentView | undefined> => {
          const [row] = await selectView(tx).where(and(eq(appointments.id, id), visible));
          return row && toView(row);
        },
        listRange: (filters: RangeFilters, tx: Db = db) => listRange({ ...filters, visible }, tx),
        listPage: (filters: PageFilters, tx: Db = db) => listPage({ ...filters, visible }, tx),
        exportPage: (filters: AppointmentFilters, after: ExportAfter, pageSize: number, tx: Db = db) =>
          exportPage({ ...filters, visible }, after, pageSize, tx),
      };
    },

    findView: (id: string, tx: Db = db): Promise<AppointmentView | undefined> => findView(tx, id),
    listRange,
    exportPage,
    listPage,
  };
}
