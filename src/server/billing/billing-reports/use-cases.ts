import type { Db } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import type { CoreDeps } from '../deps';

type Repos = Pick<CoreDeps, 'repos'>;

/** A doctor's name for «Mi producción», undefined when she is not one. */
export const productionDoctorName = (deps: Repos, doctorId: string) => deps.repos.billingReports.doctorName(doctorId);

/** The clinic's revenue by month from a first month. */
export const revenueByMonth = (deps: Repos, firstDay: string, months: number) =>
  deps.repos.billingReports.revenueByMonth(firstDay, months);

/** What each patient owes on the clinic's `today`, by the age of her invoices. */
export const debtsByPatient = (deps: Repos, today: string, db?: Db) =>
  deps.repos.billingReports.debtsByPatient(today, db);

/** What each insurer owes on the clinic's `today`, by the age of its invoices. */
export const debtsByInsurer = (deps: Repos, today: string, db?: Db) =>
  deps.repos.billingReports.debtsByInsurer(today, db);

/** The invoices of `mode` issued in a period (the clinic's days), and those their rectificativas rectify, for «Ventas». */
export const salesInvoices = (deps: Repos, period: { from: string; to: string }, mode: BillingMode, db?: Db) =>
  deps.repos.billingReports.salesInvoices(period.from, period.to, mode, db);
