import { Alert, Anchor, Button, Group, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Opinion } from '../../../../common/schemas/opinions';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useReplyToOpinion } from '../api/reply-to-opinion';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);

/** The reply form: written, then sent once by e-mail to the patient. */
function ReplyForm({ opinion, onDone }: { opinion: Opinion; onDone: () => void }) {
  const reply = useReplyToOpinion();
  const [message, setMessage] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label={`Respuesta a ${opinion.patientName}`}
        description="Le llegará por correo electrónico. Solo se puede responder una vez."
        autosize
        minRows={3}
        maxLength={2000}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        error={reply.error ? errorText(reply.error) : undefined}
      />
      <Group gap="xs">
        <Button
          loading={reply.isPending}
          disabled={message.trim() === ''}
          onClick={() => reply.mutate({ id: opinion.id, message }, { onSuccess: onDone })}
        >
          Enviar respuesta
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}

/** One answer: the score, the comment, the visit it is about, and the clinic's reply or a way to write it. */
export function OpinionItem({
  opinion,
  timeZone,
  patientHref,
}: {
  opinion: Opinion;
  timeZone: string;
  patientHref: (id: string) => string;
}) {
  const [replying, setReplying] = useState(false);
  const visit = [formatDate(opinion.visitStartsAt, timeZone), opinion.doctorName, opinion.serviceName]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Opinión de ${opinion.patientName}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Rating value={opinion.score} readOnly aria-hidden />
            <Text fw={600}>{opinion.score} de 5</Text>
          </Group>
          <Anchor component={Link} to={patientHref(opinion.patientId)}>
            {opinion.patientName}
          </Anchor>
        </Group>
        <Text c="dimmed" size="sm">
          Visita del {visit}
        </Text>
        {opinion.comment ? (
          <Text style={{ whiteSpace: 'pre-line' }}>«{opinion.comment}»</Text>
        ) : (
          <Text c="dimmed">Sin comentario</Text>
        )}
        {opinion.repliedAt ? (
          <Alert
            color="teal"
            variant="light"
            title={`Respondido el ${formatDateTime(opinion.repliedAt, timeZone)}${opinion.repliedByName ? ` por ${opinion.repliedByName}` : ''}`}
          >
            <Text style={{ whiteSpace: 'pre-line' }}>{opinion.replyText}</Text>
          </Alert>
        ) : replying ? (
          <ReplyForm opinion={opinion} onDone={() => setReplying(false)} />
        ) : opinion.canReply ? (
          <Group>
            <Button variant="light" onClick={() => setReplying(true)}>
              Responder por correo
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Sin correo electrónico en su ficha: para responderle, llámale.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
