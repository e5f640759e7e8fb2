import { createContext, useContext, type ReactNode } from 'react';
import type { Appointment } from '../../common/schemas/appointments';

/** A button another feature adds beside an appointment's status actions (the desk's «Facturar»). */
export type AppointmentAction = (appointment: Appointment, timeZone: string) => ReactNode;

const AppointmentActionContext = createContext<AppointmentAction | null>(null);

/**
 * Features never import each other: a screen (`app/routes`) that shows appointments provides what else may be done
 * with one, and the appointments feature renders it where its own actions are.
 */
export const AppointmentActionProvider = AppointmentActionContext.Provider;

export function ExtraAppointmentActions({ appointment, timeZone }: { appointment: Appointment; timeZone: string }) {
  const render = useContext(AppointmentActionContext);
  return render ? render(appointment, timeZone) : null;
}
