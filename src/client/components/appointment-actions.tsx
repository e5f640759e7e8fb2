import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { DiaryAppointment } from '../../common/schemas/appointments';

/** A button another feature adds beside an appointment's status actions (the desk's «Facturar»). */
export type AppointmentAction = (appointment: DiaryAppointment, timeZone: string) => ReactNode;

/** What a screen lets be done with its appointments besides the appointments feature's own actions. */
export interface AppointmentActions {
  render: AppointmentAction;
  /**
   * Wraps a list of appointments (a diary's day) once, so the actions can ask about all of them in one request
   * (the invoice of each attended visit) instead of one per row. Module-level: its identity must not change.
   */
  Batch?: ComponentType<{ appointments: readonly DiaryAppointment[]; children: ReactNode }>;
  /** What only the appointment's own panel offers (one request per opened appointment, never per diary row). */
  detail?: AppointmentAction;
}

const AppointmentActionContext = createContext<AppointmentActions | null>(null);

/**
 * Features never import each other: a screen (`app/routes`) that shows appointments provides what else may be done
 * with one, and the appointments feature renders it where its own actions are.
 */
export const AppointmentActionProvider = AppointmentActionContext.Provider;

export function ExtraAppointmentActions({
  appointment,
  timeZone,
}: {
  appointment: DiaryAppointment;
  timeZone: string;
}) {
  const actions = useContext(AppointmentActionContext);
  return actions ? actions.render(appointment, timeZone) : null;
}

/** The provided actions of an opened appointment's panel (the desk's «Vincular al presupuesto»), if any. */
export function ExtraAppointmentDetail({ appointment, timeZone }: { appointment: DiaryAppointment; timeZone: string }) {
  const detail = useContext(AppointmentActionContext)?.detail;
  return detail ? detail(appointment, timeZone) : null;
}

/** Around a list of appointments whose rows show `ExtraAppointmentActions`: the provided actions' `Batch`, if any. */
export function AppointmentActionsBatch({
  appointments,
  children,
}: {
  appointments: readonly DiaryAppointment[];
  children: ReactNode;
}) {
  const Batch = useContext(AppointmentActionContext)?.Batch;
  return Batch ? <Batch appointments={appointments}>{children}</Batch> : children;
}
