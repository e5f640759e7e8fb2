import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCalendarX, IconChecks } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { PatientAnswer } from '../../../../common/schemas/confirmations';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useAnswerPublicBooking } from '../api/answer-public-booking';

/**
 * The page the reminder's «Confirmo que iré» / «No podré ir» links open. The link itself changes nothing
 * (mail scanners open links to check them): this script sends the answer once the page is shown.
 */
export function ReminderAnswer({
  token,
  answer,
  onShowBooking,
}: {
  token: string;
  answer: PatientAnswer;
  onShowBooking: () => void;
}) {
  const send = useAnswerPublicBooking();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send.mutate({ token, answer });
  }, [send, token, answer]);

  const showBooking = (
    <Button variant="default" onClick={onShowBooking} style={{ alignSelf: 'flex-start' }}>
      Ver mi cita
    </Button>
  );
  if (send.isError) {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          icon={<IconAlertCircle size={20} aria-hidden />}
          title="No hemos podido anotar tu respuesta"
          role="alert"
        >
          {send.error.message}
        </Alert>
        {showBooking}
      </Stack>
    );
  }
  if (!send.data) {
    return (
      <Paper withBorder p="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Enviando tu respuesta…</Text>
        </Group>
      </Paper>
    );
  }
  const when = formatLongDayAndTime(send.data.startsAt, send.data.timeZone);
  return send.data.answer === 'confirmed' ? (
    <Stack gap="md">
      <Alert
        color="teal"
        icon={<IconChecks size={20} aria-hidden />}
        title="¡Gracias! Hemos anotado que vendrás"
        role="status"
      >
        Te esperamos el {when} con {send.data.doctorName}.
      </Alert>
      {showBooking}
    </Stack>
  ) : (
    <Stack gap="md">
      <Alert
        color="orange"
        icon={<IconCalendarX size={20} aria-hidden />}
        title="Hemos cancelado tu cita"
        role="status"
      >
        Gracias por avisarnos: la cita del {when} con {send.data.doctorName} queda cancelada y esa hora ya está libre
        para otra persona.
      </Alert>
      <Group gap="sm">
        <Button component={Link} to={paths.booking}>
          Pedir otra cita
        </Button>
        {showBooking}
      </Group>
    </Stack>
  );
}
