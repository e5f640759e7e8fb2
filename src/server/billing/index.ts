// The public face of billing: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as BillingRepositories, CoreDeps as BillingCoreDeps } from './deps';
export type { Services as BillingServices } from './route-deps';
export { createBillingRepositories } from './deps';
export type { ServiceInUseCheck } from './clinic-services/service-in-use';
export type { ClinicServiceRecord } from './clinic-services/repository';
export { priceWithVat } from './invoices/lines';
export { syncVisitSession } from './packs/service';
export { insurerVisitFor, setVisitPayerIn, changeVisitPayerIn, PRIVATE_PAYER } from './insurers/visits';
export type { InsurerVisitValues } from './insurers/visits-repository';
export { depositOf, holdDepositIn, startDepositPayment } from './deposits/service';
export {
  refundDeposit,
  refundDepositsDue,
  settleDepositOnAttendanceIn,
  settleDepositOnCancelIn,
} from './deposits/refund';
