import { Accordion, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { BILLING_MODE_LABELS } from '../../../../common/schemas/verifactu';
import { LoadErrorAlert } from '../../../components/load-state';
import { useAbout } from '../api/about';
import { useVerifactuMode } from '../api/verifactu-mode';
import { Declaration } from './declaration';

/**
 * Configuración's «VERI*FACTU»: the billing mode (switched in Facturación), the system the records name and the
 * producer's declaración responsable, which the law wants visible in the system itself.
 */
export function VerifactuSettingsCard() {
  const about = useAbout();
  const mode = useVerifactuMode();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="verifactu-settings-title">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4" id="verifactu-settings-title">
            VERI*FACTU
          </Title>
          {mode.data && (
            <Badge color={mode.data.mode === 'produccion' ? 'teal' : 'yellow'} variant="light">
              {BILLING_MODE_LABELS[mode.data.mode]}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          El modo de facturación, el certificado y las incidencias de envío están en{' '}
          <Anchor component={Link} to={`${paths.admin.billing}?pestana=verifactu`}>
            Facturación › VERI*FACTU
          </Anchor>
          .
        </Text>
        {about.data && (
          <Text size="sm">
            Sistema informático: {about.data.system.name} (código {about.data.system.id}), versión{' '}
            {about.data.system.version}, de {about.data.system.producerName} (NIF {about.data.system.producerNif}).
          </Text>
        )}
        {about.isError && (
          <LoadErrorAlert title="No se ha podido cargar la declaración responsable" error={about.error} />
        )}
        {about.data && (
          <Accordion variant="contained">
            <Accordion.Item value="declaracion">
              <Accordion.Control>Declaración responsable del productor</Accordion.Control>
              <Accordion.Panel>
                <Declaration declaration={about.data.declaration} headingOrder={3} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
        <Text size="sm">
          <Anchor component={Link} to={paths.about}>
            Acerca de Clínica
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
