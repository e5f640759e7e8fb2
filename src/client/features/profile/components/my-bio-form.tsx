import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BIO_MAX_LENGTH, myDoctorBioSchema } from '../../../../common/schemas/my-doctor-card';
import { ApiError } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/zod-form';
import { useUpdateMyBio } from '../api/update-my-bio';

type FormValues = z.input<typeof myDoctorBioSchema>;

/** The doctor's presentation, as patients read it when they choose whom to book with. */
export function MyBioForm({ bio }: { bio: string }) {
  const update = useUpdateMyBio();
  const form = useForm<FormValues>({ resolver: zodResolver(myDoctorBioSchema), values: { bio } });
  const length = form.watch('bio').length;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notifications.show({ color: 'teal', message: 'Presentación guardada' });
    } catch (failure) {
      notifications.show({
        color: 'red',
        message:
          failure instanceof ApiError ? failure.message : 'No se pudo guardar la presentación. Inténtalo de nuevo.',
      });
    }
  });
  const error = form.formState.errors.bio?.message;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Presentación"
          description="La ven los pacientes al elegir con quién reservar."
          autosize
          minRows={4}
          maxRows={12}
          error={error}
          {...form.register('bio')}
        />
        <Group justify="space-between">
          <Text size="sm" c={length > BIO_MAX_LENGTH ? 'red.8' : 'dimmed'} aria-live="polite">
            {length} / {BIO_MAX_LENGTH} caracteres
          </Text>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
