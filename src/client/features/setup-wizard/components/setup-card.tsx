import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { useDismissSetupWizard, useSetupWizard } from '../../../api/setup-wizard';

/**
 * «Configura tu clínica» on the admin's dashboard: while the clinic is empty (no doctor, no service), or the wizard
 * was started and not finished, and she did not dismiss it. Nothing otherwise (the demo clinic shows none).
 */
export function SetupCard() {
  const wizard = useSetupWizard();
  const dismiss = useDismissSetupWizard();
  const view = wizard.data;
  if (!view || view.dismissed) return null;
  const started = Object.keys(view.steps).length > 0;
  if (!view.emptyClinic && !(started && !view.finished)) return null;
  return (
    <Paper withBorder p="lg" radius="md" mb="lg" component="section" aria-labelledby="configura-titulo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="configura-titulo">
          <Group gap="xs" component="span">
            <IconRocket size={22} aria-hidden /> Configura tu clínica
          </Group>
        </Title>
        <Text size="sm">
          {started
            ? 'Tienes el asistente a medias: sigue donde lo dejaste.'
            : 'Un asistente te lleva por los datos de la clínica, el horario, los festivos, los servicios, los profesionales, los avisos y VERI*FACTU. Cada paso se puede saltar y hacer después.'}
        </Text>
        <Group>
          <Button component={Link} to={paths.admin.setupWizard}>
            {started ? 'Seguir con el asistente' : 'Empezar de cero'}
          </Button>
          <Button variant="subtle" onClick={() => dismiss.mutate()} loading={dismiss.isPending}>
            No mostrar más
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
