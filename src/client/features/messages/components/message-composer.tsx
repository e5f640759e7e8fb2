import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH, type SendMessageInput } from '../../../../common/schemas/messages';
import { ApiError } from '../../../lib/api-client';

interface Outgoing {
  id: string;
  body: string;
  status: 'sending' | 'failed';
}

/**
 * Writes a message. Each send gets its id here, in the browser: a failed send (no connection, a server
 * error) stays on screen with «Reintentar», which repeats the same id, so the server never stores it twice
 * and nothing typed is lost. A refused message (4xx) goes back to the text box with the reason.
 */
export function MessageComposer({
  send,
  label = 'Mensaje',
}: {
  send: (input: SendMessageInput) => Promise<unknown>;
  label?: string;
}) {
  const [draft, setDraft] = useState('');
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [error, setError] = useState<string | null>(null);

  const put = (item: Outgoing) =>
    setOutgoing((list) =>
      list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item],
    );
  const drop = (id: string) => setOutgoing((list) => list.filter((x) => x.id !== id));

  async function attempt(item: Omit<Outgoing, 'status'>) {
    put({ ...item, status: 'sending' });
    try {
      await send({ id: item.id, body: item.body });
      drop(item.id);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500) {
        drop(item.id);
        setDraft((current) => current || item.body);
        setError(cause.message);
        return;
      }
      put({ ...item, status: 'failed' });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = draft.trim();
    if (!body) {
      setError('Escribe un mensaje');
      return;
    }
    setError(null);
    setDraft('');
    void attempt({ id: crypto.randomUUID(), body });
  }

  return (
    <Stack gap="xs">
      {outgoing.map((item) => (
        <Paper
          key={item.id}
          withBorder
          p="sm"
          radius="md"
          ml="auto"
          maw="85%"
          bg={item.status === 'failed' ? 'red.0' : 'blue.0'}
        >
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.body}</Text>
          <Group gap="xs" justify="flex-end" mt={4}>
            {item.status === 'sending' ? (
              <Text size="xs" c="dark.4">
                Enviando…
              </Text>
            ) : (
              <>
                <Text size="xs" c="red.9" role="alert">
                  No se ha enviado
                </Text>
                <Button size="compact-xs" variant="light" color="red.9" onClick={() => void attempt(item)}>
                  Reintentar
                </Button>
              </>
            )}
          </Group>
        </Paper>
      ))}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Textarea
            label={label}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={MESSAGE_MAX_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group justify="flex-end">
            <Button type="submit">Enviar</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
