import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useFiles } from '../api/get-files';
import { FileTable } from './file-table';

/** «Mis documentos»: what the clinic shared with the patient (files marked visible to them). */
export function MyDocuments() {
  const files = useFiles({ pageSize: 100 });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-documents-title" mt="xl">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-documents-title">
          Mis documentos
        </Title>
        <Text size="sm" c="dimmed">
          Informes, análisis y otros documentos que la clínica ha compartido contigo.
        </Text>
        {files.error && <Alert color="red">{files.error.message}</Alert>}
        {files.isPending && <Loader role="status" aria-label="Cargando documentos" />}
        {files.data &&
          (files.data.items.length > 0 ? (
            <FileTable files={files.data.items} showPatient={false} />
          ) : (
            <Text>La clínica aún no ha compartido documentos contigo.</Text>
          ))}
      </Stack>
    </Paper>
  );
}
