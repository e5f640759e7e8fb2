// The public face of scheduling: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as SchedulingRepositories, CoreDeps as SchedulingCoreDeps } from './deps';
export type { Services as SchedulingServices } from './route-deps';
export { createSchedulingRepositories } from './deps';
export type { BookingForms, FormLink } from './appointments/booking-forms';
export { presentAppointment } from './appointments/service';
