import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAddAddendum } from '../api/add-addendum';

/** «Añadir adenda» to a signed note. */
export function AddendumForm({ appointmentId }: { appointmentId: string }) {
  const [text, setText] = useState('');
  const add = useAddAddendum();
  const error = add.error instanceof ApiError ? (add.error.fields?.text ?? add.error.message) : add.error?.message;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ appointmentId, input: { text } }, { onSuccess: () => setText('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Nueva adenda"
          autosize
          minRows={2}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={add.isPending} disabled={text.trim() === ''}>
            Añadir adenda
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
