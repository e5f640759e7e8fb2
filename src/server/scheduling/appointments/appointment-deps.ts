import type { AuditEntry } from '../../platform';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { createDeskNotices } from '../../communications';
import type { CoreDeps } from '../deps';
import type { AfterBooking } from './after-booking';
import { createManageLinks, type ManageLinks } from './manage-link';
import type { AppointmentView } from './repository';
import type { VisitForms } from './visit-forms';

/** The waiting list as a change of booking needs it: a freed time is offered (`waiting-list/service.ts`). */
export interface FreedSlots {
  slotFreed(
    freed: Pick<AppointmentView, 'id' | 'doctorId' | 'startsAt' | 'endsAt'>,
    deliverAfter?: Date,
    actor?: AuditEntry['actor'],
  ): Promise<DeskNotice[]>;
}

/** What the appointments' functions are given: the core, the manage links, the desk's notices and the late bindings. */
export type AppointmentDeps = Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'channels' | 'events' | 'log'> & {
  links: ManageLinks;
  deskNotices: ReturnType<typeof createDeskNotices>;
  waitingList: FreedSlots;
  forms: VisitForms;
  afterBooking: AfterBooking;
};

/** Built once by the composition root (the manage links keep their key once read). */
export function appointmentDeps(
  core: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'channels' | 'events' | 'log'>,
  bindings: Pick<AppointmentDeps, 'waitingList' | 'forms' | 'afterBooking'>,
): AppointmentDeps {
  return {
    ...core,
    links: createManageLinks(core.repos.clinic, core.db),
    deskNotices: createDeskNotices(core.repos),
    ...bindings,
  };
}
