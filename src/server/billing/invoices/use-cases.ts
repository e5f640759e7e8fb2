import { audited, clock, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
import { chainStates } from '../submissions/chain-state';

type Repos = Pick<CoreDeps, 'repos'>;

/** The patient's visits that can still be invoiced. */
export const billableVisitsOf = (deps: Repos, patientId: string) => deps.repos.invoices.billableVisitsOf(patientId);

/** Of these visits, those their insurer covers whole: «Cubierto por …» instead of «Facturar». */
export const coveredByInsurer = (deps: Repos, appointmentIds: string[]) =>
  deps.repos.invoices.coveredByInsurer(appointmentIds);

/** The state of each issuer's chain of records and its sending. */
export const verifactuChains = (deps: Repos) =>
  chainStates(deps.repos.verifactuRecords, deps.repos.verifactuSubmissions);

/** Puts the faulted submissions of an issuer back to be sent, audited; answers how many. */
export const requeueFaultedSubmissions = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  issuer: {
    issuerNif: string;
    billingMode: Parameters<CoreDeps['repos']['verifactuSubmissions']['requeueFaulted']>[1];
  },
  entry: (count: number) => AuditEntry,
) =>
  audited(
    deps.db,
    (tx) => deps.repos.verifactuSubmissions.requeueFaulted(issuer.issuerNif, issuer.billingMode, clock.now(), tx),
    entry,
  );

/** A page of an issuer's chain of records. */
export const recordChainPage = (
  deps: Repos,
  issuer: { issuerNif: string; billingMode: Parameters<CoreDeps['repos']['verifactuRecords']['chainOf']>[1] },
  offset: number,
  limit: number,
) => deps.repos.verifactuRecords.chainOf(issuer.issuerNif, issuer.billingMode, offset, limit);

/** «VERI*FACTU» › «Registros»: how many records there are and one page of them, the newest first. */
export const recordListPage = (deps: Repos, offset: number, limit: number) =>
  Promise.all([deps.repos.verifactuRecordList.count(), deps.repos.verifactuRecordList.page(offset, limit)]);
