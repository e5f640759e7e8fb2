import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { REDSYS_ENVIRONMENT_LABELS, type RedsysSettings } from '../../../../common/schemas/online-payments';
import { useRedsysSettings, useSaveRedsysSettings } from '../../../api/online-payments';
import { LoadErrorAlert } from '../../../components/load-state';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

/** Configuración's «Pago con tarjeta y Bizum (Redsys)»: the virtual POS; its secret is written, never shown. */
export function RedsysSettingsCard() {
  const settings = useRedsysSettings();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="redsys-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="redsys-settings-title">
          Pago con tarjeta y Bizum (Redsys)
        </Title>
        <Text size="sm" c="dimmed">
          Los datos del TPV virtual que da el banco. Con ellos, los pacientes pagan lo pendiente desde «Mis facturas» o
          desde el enlace de pago que envía la recepción.
        </Text>
        {settings.isError && <LoadErrorAlert title="No se ha podido cargar el TPV" error={settings.error} />}
        {settings.data && <RedsysForm current={settings.data} />}
      </Stack>
    </Card>
  );
}

function RedsysForm({ current }: { current: RedsysSettings }) {
  const save = useSaveRedsysSettings();
  const [merchantCode, setMerchantCode] = useState(current.merchantCode);
  const [terminal, setTerminal] = useState(current.terminal);
  const [environment, setEnvironment] = useState(current.environment);
  const [secret, setSecret] = useState('');
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  return (
    <Stack gap="sm" maw={520}>
      <TextInput
        label="Número de comercio (FUC)"
        value={merchantCode}
        onChange={(e) => setMerchantCode(e.currentTarget.value)}
        error={fields.merchantCode}
      />
      <TextInput
        label="Terminal"
        value={terminal}
        onChange={(e) => setTerminal(e.currentTarget.value)}
        error={fields.terminal}
      />
      <SegmentedControl
        aria-label="Entorno"
        value={environment}
        onChange={(value) => setEnvironment(value as RedsysSettings['environment'])}
        data={Object.entries(REDSYS_ENVIRONMENT_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <PasswordInput
        label="Clave secreta (SHA-256)"
        description={current.secretSet ? 'Hay una clave guardada: déjalo vacío para conservarla.' : 'Aún no hay clave.'}
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
        error={fields.secret}
        autoComplete="off"
      />
      {save.isError && !Object.keys(fields).length && <Alert color="red">{errorMessageOf(save.error)}</Alert>}
      {save.isSuccess && (
        <Alert color="teal" role="status">
          TPV guardado.
        </Alert>
      )}
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate({ merchantCode, terminal, environment, secret }, { onSuccess: () => setSecret('') })
          }
        >
          Guardar el TPV
        </Button>
      </Group>
    </Stack>
  );
}
