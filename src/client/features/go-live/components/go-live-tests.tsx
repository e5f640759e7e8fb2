import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { GoLiveTestResult } from '../../../../common/schemas/go-live';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-client';
import { useSendTestEmail, useSendTestSms } from '../api/go-live';

function ResultAlert({ result, error }: { result?: GoLiveTestResult; error: unknown }) {
  if (error) {
    const message = error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
    return (
      <Alert color="red" role="alert">
        {message}
      </Alert>
    );
  }
  if (!result) return null;
  return (
    <Alert color={result.sent ? 'teal' : 'yellow'} role="status">
      {result.detail}
    </Alert>
  );
}

/** «Enviar un correo de prueba» to the admin, and the SMS test when a provider is configured. */
export function GoLiveTests({ adminEmail, smsConfigured }: { adminEmail: string; smsConfigured: boolean }) {
  const email = useSendTestEmail();
  const sms = useSendTestSms();
  const [phone, setPhone] = useState('');
  const phoneError = sms.error instanceof ApiError ? sms.error.fields?.phone : undefined;

  const sendSms = (event: FormEvent) => {
    event.preventDefault();
    sms.mutate({ phone });
  };

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text size="sm">El correo de prueba va a tu dirección: {adminEmail}.</Text>
        <Group>
          <Button onClick={() => email.mutate()} loading={email.isPending}>
            Enviar un correo de prueba
          </Button>
        </Group>
        <ResultAlert result={email.data} error={email.error} />
      </Stack>
      {smsConfigured && (
        <form onSubmit={sendSms} noValidate>
          <Stack gap="xs">
            <Group align="flex-end">
              <TextInput
                label="Móvil para el SMS de prueba"
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
                error={phoneError}
                inputMode="tel"
                autoComplete="tel"
                maw={260}
              />
              <Button type="submit" variant="light" loading={sms.isPending}>
                Enviar un SMS de prueba
              </Button>
            </Group>
            {!phoneError && <ResultAlert result={sms.data} error={sms.error} />}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
