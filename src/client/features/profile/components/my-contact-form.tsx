import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { myContactSchema } from '../../../../common/schemas/profile';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { zodResolver } from '../../../lib/zod-form';
import { useMyRecord } from '../api/get-my-record';
import { useUpdateMyContact } from '../api/update-my-contact';

type FormValues = z.input<typeof myContactSchema>;

/**
 * How the clinic reaches the patient, as written on her record (the desk sees it there). Her only phone
 * field: the server copies it to her account profile, which is then read again (booking pre-fill).
 */
export function MyContactForm() {
  const { refresh } = useAuth();
  const record = useMyRecord();
  const update = useUpdateMyContact();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(myContactSchema),
    values: { phone: record.data?.phone ?? '', email: record.data?.email ?? '', address: record.data?.address ?? '' },
    // What the person typed before her record arrived stays: the record fills only the fields left untouched.
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync(values);
      void refresh();
      notifications.show({ color: 'teal', message: 'Datos de contacto guardados' });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'No se pudieron guardar los datos de contacto.');
    }
  });
  const { errors } = form.formState;

  return (
    <Paper withBorder p="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Datos de contacto de tu ficha
          </Title>
          <Text size="sm" c="dimmed">
            Es lo que usa la clínica para avisarte de tus citas.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Teléfono" type="tel" error={errors.phone?.message} {...form.register('phone')} />
          <TextInput
            label="Correo de contacto"
            type="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput label="Dirección" error={errors.address?.message} {...form.register('address')} />
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            disabled={!form.formState.isDirty || !record.data}
            w="fit-content"
          >
            Guardar datos de contacto
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
