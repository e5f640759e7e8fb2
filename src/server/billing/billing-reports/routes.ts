import { debtsByInsurer, debtsByPatient, productionDoctorName, revenueByMonth } from './use-cases';
import { debtsCsv, debtTotals } from './debts';
import { salesInvoices } from './use-cases';
import { salesCsv, salesTables } from './sales';
import {
  salesCsvQuerySchema,
  salesQuerySchema,
  salesSchema,
  type Sales,
  type SalesQuery,
} from '../../../common/schemas/sales';
import { debtsQuerySchema, debtsSchema, type Debts } from '../../../common/schemas/debts';
import { readClinicSettings } from '../../platform';
import { Temporal } from 'temporal-polyfill';
import { api } from '../../../common/api-paths';
import {
  productionQuerySchema,
  productionSchema,
  revenueQuerySchema,
  revenueSchema,
  type Production,
} from '../../../common/schemas/billing-reports';
import { clock } from '../../platform';
import { notFound } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import { startOfDay } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import type { FastifyRequest } from 'fastify';

const DOCTOR_NOT_FOUND = 'Profesional no encontrado';

/** The sum of each figure over the services' rows (a handful: the SQL has aggregated the visits). */
function totalsOf(rows: Production['services']): Production['totals'] {
  const sum = (pick: (row: Production['services'][number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    performed: sum((row) => row.performed),
    invoiced: sum((row) => row.invoiced),
    baseCents: sum((row) => row.baseCents),
    taxCents: sum((row) => row.taxCents),
    totalCents: sum((row) => row.totalCents),
    pending: sum((row) => row.pending),
  };
}

/** Billing reports (issue 23): «Mi producción» of a doctor, and the clinic's revenue by month for the dashboard. */
export const billingReportsRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;

  app.get(
    api.production,
    {
      config: { access: 'read:production' },
      schema: { querystring: productionQuerySchema, response: { 200: productionSchema } },
    },
    async (request) => {
      const whose = request.scope.production.doctorOf(request.query.doctorId);
      if (!whose) throw notFound(DOCTOR_NOT_FOUND);
      const doctorName = whose.doctorId ? await productionDoctorName(deps, whose.doctorId) : null;
      if (doctorName === undefined) throw notFound(DOCTOR_NOT_FOUND);
      const { timeZone } = await readClinicSettings(deps);
      // This month in the clinic's zone unless the period is given (the schema takes both ends or neither).
      const today = clock.today(timeZone);
      const from = request.query.from ?? today.with({ day: 1 }).toString();
      const to = request.query.to ?? today.with({ day: today.daysInMonth }).toString();
      const period = {
        from: startOfDay(from, timeZone),
        to: startOfDay(Temporal.PlainDate.from(to).add({ days: 1 }).toString(), timeZone),
      };
      const { services, pendingVisits } = await auditedRead(
        db,
        async (db) => {
          const [services, pendingVisits] = await Promise.all([
            request.scope.production.byService(whose.doctorId, period, db),
            request.scope.production.pendingVisits(whose.doctorId, period, db),
          ]);
          return { services, pendingVisits };
        },
        (read) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'production',
          entityId: whose.doctorId ?? 'clinic',
          details: { from, to, visits: read.services.reduce((total, row) => total + row.performed, 0) },
        }),
      );
      return {
        doctorId: whose.doctorId,
        doctorName,
        from,
        to,
        timeZone,
        services,
        totals: totalsOf(services),
        pendingVisits,
      };
    },
  );

  app.get(
    api.revenue,
    {
      config: { access: 'read:revenue' },
      schema: { querystring: revenueQuerySchema, response: { 200: revenueSchema } },
    },
    async (request) => {
      const { timeZone } = await readClinicSettings(deps);
      const thisMonth = clock.today(timeZone).toPlainYearMonth();
      const first = thisMonth.subtract({ months: request.query.months - 1 }).toPlainDate({ day: 1 });
      return { timeZone, months: await revenueByMonth(deps, first.toString(), request.query.months) };
    },
  );

  /** What each patient owes on the clinic's today (the audit notes the read: it names patients and their debts). */
  const readDebts = async (request: FastifyRequest, action: 'read' | 'export'): Promise<Debts> => {
    const { timeZone } = await readClinicSettings(deps);
    const today = clock.today(timeZone).toString();
    const { patients, insurers } = await auditedRead(
      db,
      async (db) => ({
        patients: await debtsByPatient(deps, today, db),
        insurers: await debtsByInsurer(deps, today, db),
      }),
      (read) => ({
        ...auditContext(request),
        action,
        entity: 'invoice',
        details: { report: 'deudas', today, patients: read.patients.length, insurers: read.insurers.length },
      }),
    );
    return {
      today,
      timeZone,
      patients,
      totals: debtTotals(patients),
      insurers,
      insurerTotals: debtTotals(insurers),
    };
  };

  app.get(
    api.debts,
    { config: { access: 'read:debts' }, schema: { querystring: debtsQuerySchema, response: { 200: debtsSchema } } },
    async (request) => readDebts(request, 'read'),
  );

  app.get(
    api.debtsCsv,
    { config: { access: 'read:debts' }, schema: { querystring: debtsQuerySchema } },
    async (request, reply) => {
      const debts = await readDebts(request, 'export');
      reply.header('Content-Disposition', `attachment; filename="deudas-${debts.today}.csv"`);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').send(debtsCsv(debts));
    },
  );

  /**
   * «Ventas» of a period (this month in the clinic's zone unless both days are given): the invoices the books count,
   * by service, insurer and doctor (decision 0122). It names no patient, but the desk's figures: the read is on record.
   */
  const readSales = async (request: FastifyRequest, query: SalesQuery, action: 'read' | 'export'): Promise<Sales> => {
    const settings = await readClinicSettings(deps);
    const { timeZone, billingMode: mode } = settings;
    const today = clock.today(timeZone);
    const from = query.from ?? today.with({ day: 1 }).toString();
    const to = query.to ?? today.with({ day: today.daysInMonth }).toString();
    const invoices = await auditedRead(
      db,
      (db) => salesInvoices(deps, { from, to }, mode, db),
      (read) => ({
        ...auditContext(request),
        action,
        entity: 'invoice',
        details: { report: 'ventas', from, to, invoices: read.filter((invoice) => invoice.inPeriod).length },
      }),
    );
    return { from, to, timeZone, mode, ...salesTables(invoices) };
  };

  app.get(
    api.sales,
    { config: { access: 'read:sales' }, schema: { querystring: salesQuerySchema, response: { 200: salesSchema } } },
    async (request) => readSales(request, request.query, 'read'),
  );

  app.get(
    api.salesCsv,
    { config: { access: 'read:sales' }, schema: { querystring: salesCsvQuerySchema } },
    async (request, reply) => {
      const sales = await readSales(request, request.query, 'export');
      const name = `ventas-por-${request.query.tabla}-${sales.from}-${sales.to}.csv`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').send(salesCsv(sales, request.query.tabla));
    },
  );
};
