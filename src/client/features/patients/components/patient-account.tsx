import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { Patient } from '../../../../common/schemas/patients';
import type { PatientAccount } from '../../../../common/schemas/record-link';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { useLinkPatientAccount, usePatientAccount, useUnlinkPatientAccount } from '../../../api/patients';

const done = (title: string, message: string) =>
  notifications.show({ color: 'teal', title, message, closeButtonProps: { 'aria-label': 'Cerrar el aviso' } });

/** Links the record to the paciente account the desk names by e-mail. */
function LinkForm({ patient }: { patient: Patient }) {
  const link = useLinkPatientAccount();
  const [email, setEmail] = useState(patient.email);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Enlazar una cuenta"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        link.mutate(
          { id: patient.id, input: { email } },
          {
            onSuccess: () => done('Cuenta enlazada', `${email.trim()} ya ve esta ficha y sus citas.`),
            onError: (failure) =>
              setError(
                failure instanceof ApiError && failure.fields?.email ? failure.fields.email : errorMessageOf(failure),
              ),
          },
        );
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Correo de la cuenta"
          description="La cuenta de paciente que verá esta ficha."
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 46 }}
          loading={link.isPending}
          leftSection={<IconLink size={16} aria-hidden />}
        >
          Enlazar cuenta
        </Button>
      </Group>
    </form>
  );
}

/** The linked account, with unlinking behind a confirmation. */
function LinkedAccount({ patient, account }: { patient: Patient; account: NonNullable<PatientAccount['account']> }) {
  const unlink = useUnlinkPatientAccount();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm">
            Enlazada a la cuenta <strong>{account.email}</strong>
            {account.displayName ? ` (${account.displayName})` : ''}.
          </Text>
          <Badge variant="light" color={account.emailVerified ? 'teal' : 'gray'} w="fit-content">
            {account.emailVerified ? 'Correo confirmado' : 'Enlazada por la clínica'}
          </Badge>
        </Stack>
        <Button
          variant="outline"
          color="red"
          onClick={() => setConfirming(true)}
          leftSection={<IconLinkOff size={16} aria-hidden />}
        >
          Desenlazar
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="¿Desenlazar la cuenta?"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack gap="md">
          <Text size="sm">
            {account.email} dejará de ver esta ficha y sus citas. Para volver a verla tendrá que confirmar de nuevo su
            correo (si es el de la ficha) o que la clínica la enlace otra vez.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={unlink.isPending}>
              Volver
            </Button>
            <Button
              color="red"
              loading={unlink.isPending}
              onClick={() =>
                unlink.mutate(patient.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    done('Cuenta desenlazada', `${account.email} ya no ve esta ficha.`);
                  },
                  onError: (failure) =>
                    notifications.show({
                      color: 'red',
                      title: 'No se ha podido desenlazar',
                      message: errorMessageOf(failure),
                    }),
                })
              }
            >
              Desenlazar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Staff: which web account sees this record, and linking or unlinking one by hand. */
export function PatientAccountPanel({ patient }: { patient: Patient }) {
  const account = usePatientAccount(patient.id);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="patient-account-title">
      <Title order={2} size="h4" mb="sm" id="patient-account-title">
        Cuenta en la web
      </Title>
      {account.isPending ? (
        <LoadingBlock label="Cargando la cuenta" />
      ) : account.isError ? (
        <LoadErrorAlert
          title="No se ha podido cargar la cuenta"
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      ) : account.data.account ? (
        <LinkedAccount patient={patient} account={account.data.account} />
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Ninguna cuenta ve esta ficha. Un paciente que se registra con el correo de la ficha la ve al confirmar su
            correo; también puedes enlazarla aquí.
          </Text>
          <LinkForm patient={patient} />
        </Stack>
      )}
    </Paper>
  );
}
