import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useFiles } from '../api/get-files';
import { FileTable } from './file-table';
import { UploadPanel } from './upload-panel';

/** «Archivos» of a chart in the doctor area: the patient's documents and the upload, fixed to this patient. */
export function PatientFilesSection({ patientId }: { patientId: string }) {
  const files = useFiles({ patientId, pageSize: 100 });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="patient-files-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="patient-files-title">
          Archivos
        </Title>
        {files.error && <Alert color="red">{files.error.message}</Alert>}
        {files.isPending && <Loader role="status" aria-label="Cargando archivos" />}
        {files.data &&
          (files.data.items.length > 0 ? (
            <FileTable files={files.data.items} showPatient={false} />
          ) : (
            <Text>Este paciente aún no tiene archivos.</Text>
          ))}
        <UploadPanel maxMb={files.data?.maxMb ?? 20} patientId={patientId} headingOrder={3} />
      </Stack>
    </Paper>
  );
}
