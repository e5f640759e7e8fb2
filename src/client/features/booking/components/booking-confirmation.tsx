import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconHourglass } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { AppointmentFacts } from './appointment-facts';

interface BookingConfirmationProps {
  appointment: OwnAppointment;
  /** What the visitor received by e-mail, or where a paciente manages it. */
  note: ReactNode;
  /** The buttons under it (open the booking, go to «Mis citas»…). */
  actions: ReactNode;
  /** What else to do before the visit (the questionnaires it asked). */
  extra?: ReactNode;
}

/** What the visitor sees once the booking is made: «Cita reservada», or a request awaiting the clinic. */
export function BookingConfirmation({ appointment, note, actions, extra }: BookingConfirmationProps) {
  const pending = appointment.status === 'pendiente';
  const heading = useRef<HTMLHeadingElement>(null);
  // Focusing the heading brings it into view and tells screen readers the booking is done.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby="booking-done">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon size={48} radius="xl" color={pending ? 'yellow' : 'teal'} variant="light" aria-hidden>
            {pending ? <IconHourglass size={28} /> : <IconCalendarCheck size={28} />}
          </ThemeIcon>
          <Title order={2} size="h3" id="booking-done" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {pending ? 'Solicitud recibida: la clínica confirmará tu cita' : 'Cita reservada'}
          </Title>
        </Group>
        <AppointmentFacts appointment={appointment} withPatient />
        <Text>{note}</Text>
        {extra}
        <Group gap="sm">{actions}</Group>
      </Stack>
    </Paper>
  );
}
