import { Checkbox, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FILE_TYPE_LABELS, FILE_TYPES, type FileType } from '../../../../common/schemas/files';
import { ApiError } from '../../../lib/api-client';
import { useUploadFile } from '../../../api/file-upload';
import { FileDropZone } from './file-drop-zone';
import { PatientPicker } from './patient-picker';
import { UploadProgressList, type UploadItem } from './upload-progress-list';

interface UploadPanelProps {
  maxMb: number;
  /** The chart's patient (doctor area); without it, staff choose one or none. */
  patientId?: string;
  defaultType?: FileType;
  /** 3 inside a section that has its own heading. */
  headingOrder?: 2 | 3;
}

const typeOptions = FILE_TYPES.map((type) => ({ value: type, label: FILE_TYPE_LABELS[type] }));
let counter = 0;

/** «Subir archivos»: type, description, patient and visibility apply to every file dropped or chosen. */
export function UploadPanel({ maxMb, patientId, defaultType, headingOrder = 2 }: UploadPanelProps) {
  const upload = useUploadFile();
  const [type, setType] = useState<FileType>(defaultType ?? 'otros');
  const [description, setDescription] = useState('');
  const [chosenPatient, setChosenPatient] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const [items, setItems] = useState<UploadItem[]>([]);
  const target = patientId ?? chosenPatient ?? undefined;
  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = (files: File[]) => {
    for (const file of files) {
      const key = `${++counter}`;
      setItems((all) => [...all, { key, name: file.name, fraction: 0, status: 'uploading' }]);
      if (file.size > maxMb * 1024 * 1024) {
        update(key, { status: 'error', error: `El archivo supera el tamaño máximo permitido (${maxMb} MB).` });
        continue;
      }
      upload({ file, type, description, patientId: target, visibleToPatient: Boolean(target) && visible }, (fraction) =>
        update(key, { fraction }),
      )
        .then(() => update(key, { status: 'done', fraction: 1 }))
        .catch((error: unknown) =>
          update(key, {
            status: 'error',
            error: error instanceof ApiError ? error.message : 'No se pudo subir el archivo.',
          }),
        );
    }
  };

  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h4">
        Subir archivos
      </Title>
      <Select
        label="Tipo de documento"
        data={typeOptions}
        value={type}
        onChange={(value) => value && setType(value as FileType)}
        allowDeselect={false}
      />
      <TextInput
        label="Descripción"
        value={description}
        maxLength={500}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      {!patientId && <PatientPicker label="Paciente (opcional)" value={chosenPatient} onChange={setChosenPatient} />}
      <Checkbox
        label="Visible para el paciente"
        checked={visible}
        disabled={!target}
        onChange={(event) => setVisible(event.currentTarget.checked)}
      />
      <FileDropZone onFiles={send} maxMb={maxMb} />
      <UploadProgressList items={items} />
    </Stack>
  );
}
