import { Alert, Button, FileInput, Group, Radio, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import {
  IMPORT_TARGET_LABELS,
  IMPORT_TARGETS,
  type ImportTarget,
  type ImportView,
} from '../../../../common/schemas/patient-import';
import { errorMessageOf } from '../../../lib/api-client';
import { useUploadImport } from '../api/upload-import';

const SPREADSHEETS =
  '.csv,.txt,.xlsx,.ods,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet';

const TARGET_HINTS: Record<ImportTarget, string | undefined> = {
  patients: undefined,
  appointments:
    'Cada cita busca a su paciente por el documento o por el código del programa anterior: importa antes los pacientes.',
  documents:
    'Un ZIP de documentos (PDF, imágenes, DOCX) nombrados, ellos o su carpeta, por el DNI/NIE del paciente o su código del programa anterior («12345678Z_analitica.pdf», «H-00123/informe.pdf»). Cada uno se guarda en la ficha de su paciente, sin mostrárselo; importa antes los pacientes.',
};

/** The file of the previous program: CSV (any separator, UTF-8 or Windows-1252), .xlsx or .ods. */
export function ImportUpload({ onUploaded }: { onUploaded: (view: ImportView) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<ImportTarget>('patients');
  const upload = useUploadImport();
  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm">
        Exporta los pacientes del programa anterior a una hoja de cálculo o a CSV (cualquier separador; también el «CSV»
        de Excel en Windows) con una fila de títulos. Nada se guarda hasta que lo confirmes tras la simulación.
      </Text>
      <Radio.Group
        label="¿Qué trae el archivo?"
        value={target}
        onChange={(value) => setTarget(value as ImportTarget)}
        description={TARGET_HINTS[target]}
      >
        <Group mt="xs">
          {IMPORT_TARGETS.map((value) => (
            <Radio key={value} value={value} label={IMPORT_TARGET_LABELS[value]} />
          ))}
        </Group>
      </Radio.Group>
      <FileInput
        label="Archivo"
        placeholder={target === 'documents' ? 'Elige un .zip' : 'Elige un .csv, .xlsx u .ods'}
        accept={target === 'documents' ? '.zip,application/zip' : SPREADSHEETS}
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        value={file}
        onChange={setFile}
        clearable
      />
      {upload.isError && (
        <Alert color="red" role="alert" title="No se ha podido leer el archivo">
          {errorMessageOf(upload.error)}
        </Alert>
      )}
      <Group>
        <Button
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate({ file, target }, { onSuccess: onUploaded })}
        >
          Leer el archivo
        </Button>
      </Group>
    </Stack>
  );
}
