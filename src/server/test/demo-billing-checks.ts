import { Temporal } from 'temporal-polyfill';
import type { Db } from '../platform/db/client';
import {
  appointments,
  cashClosings,
  invoiceLines,
  invoices,
  onlinePaymentOutcomes,
  payments,
  verifactuRecords,
} from '../platform/db/schema';
import { DEMO_AUTHORISATION } from '../seed/online-payment';
import { SEES_EVERYTHING } from '../access/visibility';
import { recordFromJson } from '../billing/verifactu/record-json';
import { verifyChains } from '../billing/verifactu/verify-chain';
import { bookInvoices } from '../billing/books/use-cases';
import { bookedTotals, vatReturn } from '../billing/books/ledger';
import { salesTables } from '../billing/billing-reports/sales';
import { createPaymentsService } from '../billing/payments/service';
import { dayInZone } from '../seed/agenda';
import type { Repositories } from '../repositories';

/**
 * What the demo's billing breaks of the whole cycle it is to show (issue 35, item 6), read back from its database
 * (none: it shows it): invoices over several weeks, each dated on or after its visit, numbered in date order in each
 * series and chained in a chain that verifies; a cancelled one, a rectifying one (R) and an F3; payments by three
 * methods or more, each after its invoice, some owed and one in part, and a past day's «Caja» with money and a
 * closing; the books (libro registro and 303) adding up to the invoices that stand; «Ventas» of this month and the
 * last, neither empty, adding up to their books in every table.
 */
export async function demoBillingBreaches(db: Db, repos: Repositories, nowMs: number, timeZone: string) {
  const breaches: string[] = [];
  const today = dayInZone(nowMs, timeZone);
  const issued = await db.select().from(invoices);
  const listed = await repos.invoices.visibleTo(SEES_EVERYTHING).list({});

  const days = [...new Set(issued.map((invoice) => invoice.issueDate))].sort();
  const span = days.length ? Temporal.PlainDate.from(days[0]!).until(days.at(-1)!).days : 0;
  if (days.length < 8 || span < 21)
    breaches.push(`facturas en ${days.length} días a lo largo de ${span}: no son varias semanas`);
  for (const series of new Set(issued.map((invoice) => invoice.series))) {
    const inSeries = issued.filter((invoice) => invoice.series === series).sort((a, b) => a.sequence - b.sequence);
    for (let i = 1; i < inSeries.length; i++) {
      const [before, after] = [inSeries[i - 1]!, inSeries[i]!];
      if (after.issuedAt < before.issuedAt || after.issueDate < before.issueDate)
        breaches.push(`numeración fuera del orden de fechas: ${before.number} y ${after.number}`);
    }
    if (inSeries.some((invoice) => !invoice.series.endsWith(invoice.issueDate.slice(0, 4))))
      breaches.push(`una factura de ${series} de otro año`);
  }
  const invoiceOf = new Map(issued.map((invoice) => [invoice.id, invoice]));
  const visits = new Map((await db.select().from(appointments)).map((row) => [row.id, row]));
  for (const line of await db.select().from(invoiceLines)) {
    const visit = line.appointmentId ? visits.get(line.appointmentId) : undefined;
    const invoice = invoiceOf.get(line.invoiceId)!;
    if (visit && invoice.issueDate < dayInZone(visit.startsAt.getTime(), timeZone))
      breaches.push(`factura ${invoice.number} fechada antes de su visita`);
  }

  const chain = (await db.select().from(verifactuRecords))
    .sort((a, b) => a.position - b.position)
    .map((row) => recordFromJson(row.record));
  for (const [nif, verification] of verifyChains(chain)) {
    if (!verification.ok) breaches.push(`la cadena de ${nif} no verifica: ${verification.reason}`);
  }
  const generated = chain.map((record) => Date.parse(record.generatedAt));
  if (generated.some((at, i) => at > nowMs || (i > 0 && at < generated[i - 1]!)))
    breaches.push('registros generados fuera del orden del tiempo o en el futuro');
  if (!listed.some((invoice) => invoice.type === 'F3')) breaches.push('ninguna F3');
  if (!listed.some((invoice) => invoice.type.startsWith('R'))) breaches.push('ninguna rectificativa');
  if (!listed.some((invoice) => invoice.state === 'anulada')) breaches.push('ninguna anulada');
  if (!listed.some((invoice) => invoice.taxCents > 0 && invoice.type === 'F2'))
    breaches.push('ninguna factura con IVA');

  const paid = await db.select().from(payments);
  const methods = new Set(paid.map((payment) => payment.method));
  if (methods.size < 3) breaches.push(`cobros por ${methods.size} medios`);
  for (const payment of paid) {
    const invoice = invoiceOf.get(payment.invoiceId)!;
    if (payment.paidAt < invoice.issuedAt || payment.paidAt.getTime() > nowMs)
      breaches.push(`cobro de ${invoice.number} fuera de tiempo: ${payment.paidAt.toISOString()}`);
    if (payment.day !== dayInZone(payment.paidAt.getTime(), timeZone))
      breaches.push(`cobro de otro día: ${payment.id}`);
  }
  // The card payment online (issue 36, item 9): recorded by Redsys's signed notification, with its authorisation.
  const outcomes = await db.select().from(onlinePaymentOutcomes);
  const online = paid.filter(
    (payment) =>
      payment.onlineOrder &&
      payment.authorisationCode === DEMO_AUTHORISATION &&
      payment.note.includes(`autorización ${DEMO_AUTHORISATION}`) &&
      outcomes.some((outcome) => outcome.paymentId === payment.id && outcome.authorised),
  );
  if (online.length !== 1) breaches.push(`${online.length} pagos con tarjeta online por Redsys con su autorización`);
  const standing = listed.filter((invoice) => invoice.state === 'emitida' && invoice.outstandingCents > 0);
  if (!standing.some((invoice) => invoice.paidCents === 0)) breaches.push('ninguna factura pendiente de cobro');
  if (!standing.some((invoice) => invoice.paidCents > 0)) breaches.push('ninguna factura cobrada en parte');
  const pastDays = [...new Set(paid.map((payment) => payment.day))].filter((day) => day < today);
  const cash = createPaymentsService({ db, repos });
  const pastCash = await Promise.all(pastDays.map((day) => cash.cashDay(day)));
  if (!pastCash.some((day) => day.totalCents > 0)) breaches.push('ningún día pasado con caja');
  const closings = await db.select().from(cashClosings);
  if (closings.length === 0 || closings.some((closing) => closing.day >= today || closing.closedAt.getTime() > nowMs))
    breaches.push(`${closings.length} cierres de caja, o alguno de hoy o del futuro`);

  // The books from the first invoice to today: what stands (neither cancelled nor an F3, which adds nothing).
  const counted = issued.filter(
    (invoice) => invoice.type !== 'F3' && !listed.find((row) => row.id === invoice.id && row.state === 'anulada'),
  );
  const base = counted.reduce((sum, invoice) => sum + invoice.baseCents, 0);
  const tax = counted.reduce((sum, invoice) => sum + invoice.taxCents, 0);
  if (days.length) {
    const book = await bookInvoices({ repos }, { from: days[0]!, to: today }, { timeZone, billingMode: 'pruebas' }, db);
    const totals = bookedTotals(book);
    const vat = vatReturn(book);
    const vatBases =
      vat.exemptCents + vat.modifications.baseCents + vat.general.reduce((sum, row) => sum + row.baseCents, 0);
    if (book.length !== issued.length) breaches.push(`el libro tiene ${book.length} facturas de ${issued.length}`);
    if (totals.baseCents !== base || totals.taxCents !== tax)
      breaches.push(`el libro suma ${totals.baseCents}/${totals.taxCents} y las facturas ${base}/${tax}`);
    if (vat.totalTaxCents !== tax || vatBases !== base)
      breaches.push(`el 303 suma ${vatBases}/${vat.totalTaxCents} y las facturas ${base}/${tax}`);
  }
  breaches.push(...(await salesBreaches(db, repos, today)));
  return breaches;
}

/** «Ventas» (decision 0122) of this month and the last, as the desk opens them: sales in both, each table its books'. */
async function salesBreaches(db: Db, repos: Repositories, today: string) {
  const breaches: string[] = [];
  const first = Temporal.PlainDate.from(today).with({ day: 1 });
  const months = [
    { from: first, to: first.with({ day: first.daysInMonth }) },
    { from: first.subtract({ months: 1 }), to: first.subtract({ days: 1 }) },
  ].map(({ from, to }) => ({ from: from.toString(), to: to.toString() }));
  for (const { from, to } of months) {
    const sales = salesTables(await repos.billingReports.salesInvoices(from, to, 'pruebas', db));
    const book = bookedTotals(
      await bookInvoices({ repos }, { from, to }, { timeZone: 'Europe/Madrid', billingMode: 'pruebas' }, db),
    );
    if (sales.totals.totalCents <= 0 || sales.totals.lines === 0) breaches.push(`ninguna venta del ${from} al ${to}`);
    for (const rows of [sales.byService, sales.byInsurer, sales.byDoctor]) {
      const base = rows.reduce((sum, row) => sum + row.baseCents, 0);
      const tax = rows.reduce((sum, row) => sum + row.taxCents, 0);
      if (base !== book.baseCents || tax !== book.taxCents)
        breaches.push(
          `las ventas del ${from} al ${to} suman ${base}/${tax} y el libro ${book.baseCents}/${book.taxCents}`,
        );
    }
  }
  return breaches;
}
