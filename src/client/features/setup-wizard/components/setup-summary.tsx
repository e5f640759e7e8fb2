import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import {
  SETUP_STEP_LABELS,
  SETUP_STEPS,
  regionName,
  type SetupStep,
  type SetupWizardView,
} from '../../../../common/schemas/setup';

/** Where each step lives once the wizard is over. */
const WHERE: Record<SetupStep, { to: string; label: string }> = {
  clinica: { to: paths.admin.settings, label: 'Configuración y Facturación › Datos fiscales' },
  horario: { to: paths.admin.settings, label: 'Configuración › Horario de atención' },
  festivos: { to: paths.admin.settings, label: 'Configuración › Festivos y cierres' },
  servicios: { to: paths.admin.services, label: 'Servicios y tarifas' },
  profesionales: { to: paths.admin.doctors, label: 'Doctores' },
  canales: { to: paths.admin.settings, label: 'Configuración › Recordatorios y mensajes' },
  verifactu: { to: `${paths.admin.billing}?pestana=verifactu`, label: 'Facturación › VERI*FACTU' },
};

const STATE = {
  hecho: { label: 'Hecho', color: 'teal' },
  saltado: { label: 'Saltado', color: 'yellow' },
  pendiente: { label: 'Pendiente', color: 'gray' },
} as const;

/** The wizard's end: what was done and skipped, where each is in the settings, and «Puesta en marcha». */
export function SetupSummary({ view }: { view: SetupWizardView }) {
  const { counts } = view;
  return (
    <Stack gap="md">
      <Text>
        La clínica tiene {counts.doctors} {counts.doctors === 1 ? 'profesional' : 'profesionales'}, {counts.services}{' '}
        {counts.services === 1 ? 'servicio' : 'servicios'} y {counts.holidays} festivos este año
        {view.holidayRegion ? ` (${regionName(view.holidayRegion)})` : ''}. Lo saltado se hace cuando quieras desde la
        configuración.
      </Text>
      <Paper withBorder>
        <Table aria-label="Resumen del asistente">
          <Table.Tbody>
            {SETUP_STEPS.map((step) => {
              const state = STATE[view.steps[step] ?? 'pendiente'];
              return (
                <Table.Tr key={step}>
                  <Table.Td fw={600}>{SETUP_STEP_LABELS[step]}</Table.Td>
                  <Table.Td>
                    <Badge color={state.color} variant="light">
                      {state.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={WHERE[step].to} size="sm">
                      {WHERE[step].label}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        <Button component={Link} to={paths.admin.goLive}>
          Ir a Puesta en marcha
        </Button>
        <Button component={Link} to={paths.admin.dashboard} variant="default">
          Ir al panel
        </Button>
      </Group>
    </Stack>
  );
}
