import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconClipboardList, IconStethoscope } from '@tabler/icons-react';
import { formatEuros } from '../../../../common/money';
import { DEPOSIT_HOLD_MINUTES } from '../../../../common/schemas/deposits';
import { formatLongDayAndTime } from '../../../lib/dates';
import { capitalize, type PickedSlot } from '../utils/slots';
import { serviceLabel, type OnlineService } from '../utils/services';
import { ChangeWindowNote, type ChangeWindow } from './change-window-note';

interface BookingSlotSummaryProps {
  slot: PickedSlot;
  /** The service chosen: its name, length and price. */
  service?: OnlineService | null;
  specialty: string;
  timeZone: string;
  changeWindow: ChangeWindow | null;
  /** Back to «Día y hora». */
  onChangeSlot: () => void;
}

/** «Tu cita» at the top of «Tus datos»: the chosen day and time, the doctor and specialty, and the way back. */
export function BookingSlotSummary({
  slot,
  service,
  specialty,
  timeZone,
  changeWindow,
  onChangeSlot,
}: BookingSlotSummaryProps) {
  return (
    <Paper withBorder p="md" radius="md" bg="teal.0" component="section" aria-label="Tu cita">
      <Stack gap={8}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fw={700}>{capitalize(formatLongDayAndTime(slot.startsAt, timeZone))}</Text>
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconStethoscope size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text>
            {slot.doctorName}
            {specialty && (
              <Text span c="dimmed">
                {' '}
                · {specialty}
              </Text>
            )}
          </Text>
        </Group>
        {service && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconClipboardList size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text>{serviceLabel(service)}</Text>
          </Group>
        )}
        {service?.deposit && (
          <Text size="sm" fw={600}>
            Para reservar se pide una señal de {formatEuros(service.deposit.amountCents)}, con tarjeta o Bizum, en los{' '}
            {DEPOSIT_HOLD_MINUTES} minutos siguientes. Se descuenta de la factura de la visita y se devuelve si cancelas
            con al menos {service.deposit.refundHours} horas de antelación.
          </Text>
        )}
        {changeWindow && <ChangeWindowNote startsAt={slot.startsAt} timeZone={timeZone} window={changeWindow} />}
        <Button variant="subtle" size="compact-sm" onClick={onChangeSlot} style={{ alignSelf: 'flex-start' }}>
          Cambiar el día o la hora
        </Button>
      </Stack>
    </Paper>
  );
}
