import { SegmentedControl } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AppointmentActionProvider } from '../../../components/appointment-actions';
import { PageTitle } from '../../../components/page-title';
import { deskAppointmentActions } from '../../desk-appointment-actions';
import { todayIn } from '../../../lib/dates';
import { AppointmentCalendar } from '../../../features/appointments/components/appointment-calendar';
import { DayColumns } from '../../../features/appointments/components/day-columns/day-columns';
import { NewAppointmentButton, WithStaffSchedule } from '../../../features/appointments/components/staff-schedule';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `?vista=profesionales` shows the day with one column per doctor; the address keeps it on reload. */
const BY_DOCTOR_VIEW = 'profesionales';

export default function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const doctorId = params.get('doctorId');
  const byDoctor = params.get('vista') === BY_DOCTOR_VIEW;
  const setView = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === BY_DOCTOR_VIEW) next.set('vista', BY_DOCTOR_VIEW);
    else next.delete('vista');
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageTitle actions={<NewAppointmentButton />}>Calendario</PageTitle>
      <SegmentedControl
        mb="md"
        aria-label="Vista del calendario"
        value={byDoctor ? BY_DOCTOR_VIEW : 'calendario'}
        onChange={setView}
        data={[
          { value: 'calendario', label: 'Día, semana y mes' },
          { value: BY_DOCTOR_VIEW, label: 'Por profesional' },
        ]}
      />
      <AppointmentActionProvider value={deskAppointmentActions}>
        <WithStaffSchedule loading="Cargando el calendario" failure="No se ha podido cargar el calendario">
          {(timeZone, doctors) => {
            const active = doctors.filter((doctor) => doctor.active);
            if (byDoctor) {
              return (
                <DayColumns
                  timeZone={timeZone}
                  doctors={active}
                  date={date && DAY.test(date) ? date : todayIn(timeZone)}
                  onDateChange={(next) => {
                    const nextParams = new URLSearchParams(params);
                    nextParams.set('date', next);
                    setParams(nextParams, { replace: true });
                  }}
                />
              );
            }
            return (
              <AppointmentCalendar
                timeZone={timeZone}
                doctors={active}
                initialDate={date && DAY.test(date) ? date : undefined}
                initialDoctorIds={doctorId && active.some((doctor) => doctor.id === doctorId) ? [doctorId] : []}
                highlightId={params.get('cita') ?? undefined}
              />
            );
          }}
        </WithStaffSchedule>
      </AppointmentActionProvider>
    </>
  );
}
