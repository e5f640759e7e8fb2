import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { clinicExportHref } from '../api/clinic-export';

/** «Exportar toda la clínica» (issue 37, item 4): the clinic's data is its own, to take to any program. */
export function ClinicExportCard() {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Exportar toda la clínica
        </Title>
        <Text size="sm">
          Un archivo ZIP con todos los datos de la clínica en formatos abiertos: pacientes, profesionales, servicios,
          citas, notas clínicas, recetas, tratamientos, facturas con sus líneas y cobros (archivos CSV que abre
          cualquier hoja de cálculo) y los documentos de cada paciente. El archivo LEEME.md explica cada columna.
        </Text>
        <Text size="sm" c="dimmed">
          Contiene datos de salud: guárdalo cifrado y entrégalo solo a quien deba tenerlo. Cada exportación queda en el
          registro de accesos.
        </Text>
        <Button
          component="a"
          href={clinicExportHref}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="light"
          w="fit-content"
        >
          Exportar toda la clínica
        </Button>
      </Stack>
    </Paper>
  );
}
