// The public face of identity: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as IdentityRepositories, CoreDeps as IdentityCoreDeps } from './deps';
export type { Services as IdentityServices } from './route-deps';
export { createIdentityRepositories } from './deps';
export type { StaffLifecycle } from './users/staff-lifecycle';
export { createAccountWithProfile } from './auth/accounts';
export { sendInvitation } from './auth/invitations';
export { endSessionIfLapsed, sessionDeadline } from './auth/sessions';
export { hashToken, newSecretToken } from './auth/tokens';
export { PENDING_BOOKING_MESSAGE, requireOwnRecord } from './patients/link-account';
export { presentPatient } from './patients/presenters';
export { recordForPublicRequest, usesOwnRecord } from './patients/public-record';
export type { PatientRow } from './patients/repository';
export { sessionRowsOf } from './sessions/session-plugin';
export { searchColumns } from './patients/repository';
export { initialSetupLink, prepareInitialSetup } from './initial-setup/use-cases';
