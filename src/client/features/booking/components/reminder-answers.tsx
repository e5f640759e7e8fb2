import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import type { LinkedBooking, PatientAnswer } from '../../../../common/schemas/confirmations';
import { errorMessageOf } from '../../../components/form-error';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useAnswerPublicBooking } from '../api/answer-public-booking';

/** «No podré ir», asked once more: it cancels the visit and, inside the window, tells the desk. */
function DeclineModal({
  opened,
  late,
  sending,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  late: boolean;
  sending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="¿No podrás venir?" centered>
      <Stack gap="md">
        <Text>
          {late
            ? 'Cancelaremos tu cita y avisaremos a la clínica, que podrá dar la hora a otra persona. Gracias por decírnoslo aunque falte poco.'
            : 'Cancelaremos tu cita y la hora quedará libre para otra persona.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Volver
          </Button>
          <Button color="red" onClick={onConfirm} loading={sending}>
            Sí, no podré ir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * «¿Vendrás?» on the booking's page, the reminder's link (issue 38): «Confirmo» and «No podré ir» whenever the visit
 * is live and has not begun — also inside the cancellation window, where «No podré ir» is a late notice the clinic
 * is told of. The last answer shows; the other one stays offered (a patient who confirmed may still fall ill).
 */
export function ReminderAnswers({ token, booking }: { token: string; booking: LinkedBooking }) {
  const send = useAnswerPublicBooking();
  const [declining, setDeclining] = useState(false);
  const answer = (value: PatientAnswer) =>
    send.mutate({ token, answer: value }, { onSettled: () => setDeclining(false) });
  const confirmed = booking.answer?.answer === 'confirmed';
  const when = formatLongDayAndTime(booking.startsAt, booking.timeZone);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="answer-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="answer-title">
          ¿Vendrás a tu cita?
        </Title>
        {confirmed ? (
          <Alert
            color="teal"
            icon={<IconChecks size={20} aria-hidden />}
            title="Has confirmado que vendrás"
            role="status"
          >
            Te esperamos el {when} con {booking.doctorName}. Si al final no puedes venir, avísanos aquí.
          </Alert>
        ) : (
          <Text size="sm">
            Dinos si vendrás: así la clínica puede organizarse y dar tu hora a otra persona si no puedes.
          </Text>
        )}
        {send.isError && (
          <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {errorMessageOf(send.error)}
          </Alert>
        )}
        <Group gap="sm">
          {!confirmed && (
            <Button
              leftSection={<IconChecks size={18} aria-hidden />}
              onClick={() => answer('confirmed')}
              loading={send.isPending && send.variables?.answer === 'confirmed'}
              disabled={send.isPending}
            >
              Confirmo
            </Button>
          )}
          <Button variant="outline" color="red" onClick={() => setDeclining(true)} disabled={send.isPending}>
            No podré ir
          </Button>
        </Group>
      </Stack>
      <DeclineModal
        opened={declining}
        late={!booking.canChange}
        sending={send.isPending}
        onClose={() => setDeclining(false)}
        onConfirm={() => answer('declined')}
      />
    </Paper>
  );
}
