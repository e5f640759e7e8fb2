import { Alert, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useGoLive } from '../api/go-live';
import { GoLiveCheckItem } from './go-live-check-item';
import { GoLiveTests } from './go-live-tests';

/** «Puesta en marcha»: what this install still lacks before opening to patients, read from the server. */
export function GoLivePanel() {
  const goLive = useGoLive();
  if (goLive.isPending) return <LoadingBlock label="Comprobando la instalación" />;
  if (goLive.isError && !goLive.data) {
    return (
      <LoadErrorAlert
        title="No se ha podido comprobar la instalación"
        error={goLive.error}
        onRetry={() => void goLive.refetch()}
      />
    );
  }
  const { checks, ready, adminEmail, smsConfigured } = goLive.data;
  const missing = checks.filter((check) => check.state === 'falta').length;
  return (
    <Stack gap="lg" maw={880}>
      {ready ? (
        <Alert color="teal" title="Todo listo para abrir a los pacientes" role="status">
          Ninguna comprobación falta. Revisa los avisos, si los hay.
        </Alert>
      ) : (
        <Alert
          color="red"
          title={`Faltan ${missing} ${missing === 1 ? 'cosa' : 'cosas'} antes de abrir a los pacientes`}
        >
          Cada comprobación dice cómo arreglarla. Esta página lee la configuración real del servidor.
        </Alert>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comprobaciones">
        {checks.map((check) => (
          <GoLiveCheckItem key={check.id} check={check} />
        ))}
      </Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Mensajes de prueba
        </Title>
        <GoLiveTests adminEmail={adminEmail} smsConfigured={smsConfigured} />
      </Paper>
      <Text size="sm" c="dimmed">
        Ayuda: la instalación en una máquina Debian (servicio de systemd, Caddy con HTTPS, PostgreSQL y las copias de
        seguridad con un temporizador) se explica paso a paso en <Code>docs/deploy.md</Code>, junto al código de
        Clínica.
      </Text>
    </Stack>
  );
}
