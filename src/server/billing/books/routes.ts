import { bookInvoices, paymentsByMethod } from './use-cases';
import { readClinicSettings } from '../../platform';
import { api } from '../../../common/api-paths';
import {
  booksPeriodSchema,
  booksSummarySchema,
  ledgerQuerySchema,
  model347QuerySchema,
  model347Schema,
  type BooksSummary,
} from '../../../common/schemas/books';
import { PAYMENT_METHODS } from '../../../common/schemas/payments';
import { clock } from '../../platform';
import { auditContext, auditedRead } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { bookedTotals, ledgerRows, model347, vatReturn, yearBounds } from './ledger';
import { ledgerCsv, ledgerFileName, ledgerXlsx } from './ledger-files';

/**
 * The books (issue 35, item 5), for the clinic and its accountant: the libro registro de facturas expedidas as the
 * AEAT's Excel or CSV, a period's modelo 303 summary and payments by method, and a year's modelo 347.
 */
export const booksRoutes: RoutePlugin = async (app, deps) => {
  const access = { access: 'read:books' } as const;

  app.get(api.booksLedger, { config: access, schema: { querystring: ledgerQuerySchema } }, async (request, reply) => {
    const { from, to, formato } = request.query;
    const settings = await readClinicSettings(deps);
    // The libro names every complete invoice's recipient: its export is on record, as the invoices' CSV is.
    const invoices = await auditedRead(deps.db, (db) => bookInvoices(deps, { from, to }, settings, db), {
      ...auditContext(request),
      action: 'export',
      entity: 'invoice',
      details: { book: 'libro-expedidas', from, to, formato },
    });
    const rows = ledgerRows(invoices);
    const name = ledgerFileName(Number(from.slice(0, 4)), settings.issuerNif, settings.issuerLegalName, formato);
    reply.header('Content-Disposition', `attachment; filename="${name}"`);
    if (formato === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(ledgerCsv(rows));
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(await ledgerXlsx(rows, clock.now()));
  });

  app.get(
    api.booksSummary,
    { config: access, schema: { querystring: booksPeriodSchema, response: { 200: booksSummarySchema } } },
    async (request): Promise<BooksSummary> => {
      const { from, to } = request.query;
      const settings = await readClinicSettings(deps);
      const [invoices, byMethod] = await Promise.all([
        bookInvoices(deps, { from, to }, settings),
        paymentsByMethod(deps, from, to),
      ]);
      const amounts = Object.fromEntries(
        PAYMENT_METHODS.map((method) => [method, byMethod.find((row) => row.method === method)?.amountCents ?? 0]),
      ) as BooksSummary['payments']['byMethod'];
      return {
        from,
        to,
        mode: settings.billingMode,
        vat303: vatReturn(invoices),
        invoices: bookedTotals(invoices),
        payments: {
          byMethod: amounts,
          totalCents: byMethod.reduce((sum, row) => sum + row.amountCents, 0),
          count: byMethod.reduce((sum, row) => sum + row.count, 0),
        },
      };
    },
  );

  app.get(
    api.books347,
    { config: access, schema: { querystring: model347QuerySchema, response: { 200: model347Schema } } },
    async (request) => {
      const { year } = request.query;
      const { from, to } = yearBounds(year);
      const settings = await readClinicSettings(deps);
      // Customers by name and NIF: a read of personal data, on record.
      const invoices = await auditedRead(deps.db, (db) => bookInvoices(deps, { from, to }, settings, db), {
        ...auditContext(request),
        action: 'read',
        entity: 'invoice',
        details: { book: 'modelo-347', year },
      });
      return model347(year, invoices);
    },
  );
};
