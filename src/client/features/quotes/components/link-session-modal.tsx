import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '../../../../common/schemas/appointments';
import type { LinkableAppointment, Quote } from '../../../../common/schemas/quotes';
import { refusalText } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useLinkableAppointments } from '../api/get-linkable-appointments';
import { useLinkQuoteSession } from '../api/link-quote-session';

type Line = Quote['lines'][number];

/** The appointments a line may take: those of its service or of none (the server's rule, which decides). */
export const fitsLine = (appointment: Pick<LinkableAppointment, 'serviceId'>, line: Pick<Line, 'serviceId'>) =>
  appointment.serviceId === null || appointment.serviceId === line.serviceId;

const label = (appointment: LinkableAppointment, timeZone: string) =>
  [
    formatLongDayAndTime(appointment.startsAt, timeZone),
    appointment.doctorName,
    appointment.serviceName ?? 'sin servicio',
    APPOINTMENT_STATUS_LABELS[appointment.status as AppointmentStatus] ?? appointment.status,
  ].join(' · ');

/**
 * «Vincular cita» (the desk): one of her appointments — not cancelled, not invoiced, not a session yet — becomes a
 * session of the line; its visit is then invoiced at the quote's price. The server refuses in Spanish what does not
 * fit (another service, the line's sessions all booked); its refusal shows here.
 */
export function LinkSessionModal({
  quote,
  line,
  timeZone,
  onClose,
}: {
  quote: Quote;
  line: Line;
  timeZone: string;
  onClose: () => void;
}) {
  const appointments = useLinkableAppointments(quote.id);
  const link = useLinkQuoteSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const fitting = (appointments.data ?? []).filter((appointment) => fitsLine(appointment, line));
  const left = line.quantity - line.sessions.length;
  return (
    <Modal opened onClose={onClose} title={`Vincular una cita a «${line.description}»`}>
      <Stack>
        <Text size="sm">
          Presupuesto {quote.number}: {line.sessions.length} de {line.quantity} sesiones con cita; quedan {left}.
        </Text>
        {line.sessions.length > 0 && (
          <Text size="sm" c="dimmed">
            Ya vinculadas: {line.sessions.map((session) => formatLongDayAndTime(session.startsAt, timeZone)).join('; ')}
          </Text>
        )}
        {appointments.isPending && <LoadingBlock label="Cargando sus citas" />}
        {appointments.isError && (
          <LoadErrorAlert
            title="No se han podido cargar sus citas"
            error={appointments.error}
            onRetry={() => void appointments.refetch()}
          />
        )}
        {appointments.isSuccess && fitting.length === 0 && (
          <Text c="dimmed">
            No tiene citas que puedan ser una sesión de «{line.description}» (sin cancelar, sin facturar y de ese
            servicio o sin servicio). Resérvala con «Nueva cita» y vuelve aquí.
          </Text>
        )}
        {fitting.length > 0 && (
          <Radio.Group label="Cita" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {fitting.map((appointment) => (
                <Radio key={appointment.id} value={appointment.id} label={label(appointment, timeZone)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {link.error && (
          <Alert color="red" role="alert" title="No se ha podido vincular la cita">
            {refusalText(link.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={!chosen}
            loading={link.isPending}
            onClick={() =>
              chosen && link.mutate({ id: quote.id, lineId: line.id, appointmentId: chosen }, { onSuccess: onClose })
            }
          >
            Vincular
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
