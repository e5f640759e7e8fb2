import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { dataExportHref } from '../api/data-export';

/** Right of access (GDPR art. 15): everything the clinic holds about the patient, as a ZIP. */
export function DataExportCard() {
  return (
    <Paper withBorder p="lg" maw={560}>
      <Stack>
        <Title order={2} size="h4">
          Tus datos
        </Title>
        <Text size="sm">
          Descarga una copia de todo lo que la clínica guarda sobre ti: tu ficha y tus citas, en un archivo ZIP con los
          datos (datos.json) y un resumen legible en PDF.
        </Text>
        <Button
          component="a"
          href={dataExportHref}
          download
          leftSection={<IconDownload size={16} />}
          variant="light"
          w="fit-content"
        >
          Descargar mis datos
        </Button>
      </Stack>
    </Paper>
  );
}
