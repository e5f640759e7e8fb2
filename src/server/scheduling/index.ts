// The public face of scheduling: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as SchedulingRepositories, CoreDeps as SchedulingCoreDeps } from './deps';
export type { Services as SchedulingServices } from './route-deps';
export { createSchedulingRepositories } from './deps';
export type { VisitForms, FormLink } from './appointments/visit-forms';
export type { AfterBookingStep, BookingInProgress, BookingSource } from './appointments/after-booking';
export { presentAppointment } from './appointments/present';
