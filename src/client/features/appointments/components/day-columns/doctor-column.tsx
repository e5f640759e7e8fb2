import { ActionIcon, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { MouseEvent, PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../../common/paths';
import type { Doctor } from '../../../../../common/schemas/doctors';
import { toQueryString } from '../../../../lib/api-client';
import {
  COLUMN_HEIGHT,
  DAY_START_MINUTE,
  PX_PER_MINUTE,
  absenceOn,
  hoursLabel,
  minutesToTime,
  offHourSpans,
  type PlacedAppointment,
} from '../../utils/day-columns';
import { AppointmentCard, cardBox } from './appointment-card';
import type { DropTarget } from './use-card-drag';

/** A column's head: the doctor, their hours that day and an absence, if any. */
export function DoctorColumnHead({ doctor, date }: { doctor: Doctor; date: string }) {
  const absence = absenceOn(doctor, date);
  return (
    <Stack gap={2} className="dc-head">
      <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <ColorSwatch color={doctor.color} size={12} mt={4} aria-hidden />
          <Text component="h3" fw={700} size="sm" m={0} lh={1.3}>
            {doctor.displayName}
          </Text>
        </Group>
        <ActionIcon
          component={Link}
          to={`${paths.admin.newAppointment}${toQueryString({ doctorId: doctor.id })}`}
          variant="subtle"
          aria-label={`Nueva cita con ${doctor.displayName}`}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed">
        {hoursLabel(doctor, date)}
      </Text>
      {absence && (
        <Text size="xs" fw={700}>
          Ausente: {absence.reason}
        </Text>
      )}
    </Stack>
  );
}

interface DoctorColumnProps {
  doctor: Doctor;
  date: string;
  placed: PlacedAppointment[];
  /** Appointments whose patient confirmed from the reminder (a double tick on the card). */
  confirmedIds: ReadonlySet<string>;
  preview: DropTarget | null;
  /** The dragged appointment (for the ghost's text), when it is being dragged. */
  dragged: PlacedAppointment | null;
  nowMinute: number | null;
  /** The clinic's zone: the arrival time of a patient in the waiting room. */
  timeZone: string;
  hintId: string;
  onCardPointerDown: (event: ReactPointerEvent<HTMLElement>, placed: PlacedAppointment) => void;
  onOpen: (id: string) => void;
  onFreeSlot: (doctorId: string, minute: number) => void;
}

/** One doctor's day: hours outside their schedule and absences shaded, their appointments, a click books. */
export function DoctorColumn({
  doctor,
  date,
  placed,
  confirmedIds,
  preview,
  dragged,
  nowMinute,
  timeZone,
  hintId,
  onCardPointerDown,
  onOpen,
  onFreeSlot,
}: DoctorColumnProps) {
  const absence = absenceOn(doctor, date);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('.dc-card')) return;
    const offset = event.clientY - event.currentTarget.getBoundingClientRect().top;
    onFreeSlot(doctor.id, DAY_START_MINUTE + Math.floor(offset / PX_PER_MINUTE / 15) * 15);
  };
  const ghost = preview && dragged && preview.doctorId === doctor.id ? preview : null;
  return (
    <div className="dc-column" data-dc-column={doctor.id} style={{ height: COLUMN_HEIGHT }} onClick={onClick}>
      {offHourSpans(doctor, date).map((span) => (
        <div key={span.start} className="dc-off" style={cardBox(span.start, span.end)} aria-hidden />
      ))}
      {absence && <div className="dc-absence" aria-hidden />}
      {nowMinute !== null && (
        <div className="dc-now" style={{ top: (nowMinute - DAY_START_MINUTE) * PX_PER_MINUTE }} aria-hidden />
      )}
      <ul className="dc-cards" aria-label={`Citas de ${doctor.displayName}`}>
        {placed.map((item) => (
          <AppointmentCard
            key={item.appointment.id}
            placed={item}
            color={doctor.color}
            confirmed={confirmedIds.has(item.appointment.id) && item.appointment.status !== 'cancelada'}
            dragging={preview?.id === item.appointment.id}
            timeZone={timeZone}
            hintId={hintId}
            onPointerDown={onCardPointerDown}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {ghost && dragged && (
        <div
          className="dc-ghost"
          style={{ ...cardBox(ghost.start, ghost.start + ghost.duration), borderColor: doctor.color }}
          aria-hidden
        >
          <span className="dc-card-time">
            {minutesToTime(ghost.start)}–{minutesToTime(ghost.start + ghost.duration)}
          </span>{' '}
          <strong>{dragged.appointment.patientName}</strong>
        </div>
      )}
    </div>
  );
}
