import { Button, FileInput, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  CONSENT_EXCEPTION_LABELS,
  CONSENT_EXCEPTION_REASONS,
  type ConsentException,
  type DiaryAppointment,
} from '../../../../common/schemas/appointments';
import { uploadFile } from '../../../api/file-upload';
import { errorMessageOf } from '../../../components/form-error';

export interface ConsentAsk {
  appointment: DiaryAppointment;
  /** The consents not signed, as the server named them. */
  titles: string[];
}

interface ConsentExceptionModalProps {
  ask: ConsentAsk | null;
  loading: boolean;
  onClose: () => void;
  onConfirm: (exception: ConsentException) => void;
}

type Reason = (typeof CONSENT_EXCEPTION_REASONS)[number];

function ExceptionForm({
  ask,
  loading,
  onClose,
  onConfirm,
}: Omit<ConsentExceptionModalProps, 'ask'> & { ask: ConsentAsk }) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [note, setNote] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    if (!reason) return setError('Elige por qué se atiende sin el consentimiento firmado');
    if (reason === 'urgencia') {
      if (note.trim().length < 3) return setError('Explica brevemente la urgencia');
      return onConfirm({ reason, note: note.trim() });
    }
    if (!scan) return setError('Adjunta el escaneo del consentimiento firmado en papel');
    setUploading(true);
    try {
      const file = await uploadFile(
        {
          file: scan,
          type: 'consentimientos',
          description: `Consentimiento firmado en papel: ${ask.titles.join(', ')}`,
          patientId: ask.appointment.patientId,
          visibleToPatient: false,
        },
        () => {},
      );
      onConfirm({ reason, fileId: file.id, ...(note.trim() ? { note: note.trim() } : {}) });
    } catch (failure) {
      setError(errorMessageOf(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Atender sin el consentimiento firmado"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Falta el consentimiento firmado de <strong>{ask.appointment.patientName}</strong>:{' '}
          {ask.titles.map((title) => `«${title}»`).join(', ')}. Para marcar la visita como atendida, indica por qué se
          atiende sin él. Queda registrado.
        </Text>
        <Radio.Group
          label="Motivo"
          withAsterisk
          value={reason}
          onChange={(value) => {
            setReason(value as Reason);
            setError(null);
          }}
        >
          <Stack gap="xs" mt={6}>
            {CONSENT_EXCEPTION_REASONS.map((value) => (
              <Radio key={value} value={value} label={CONSENT_EXCEPTION_LABELS[value]} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === 'papel' && (
          <FileInput
            label="Escaneo del consentimiento firmado"
            withAsterisk
            accept="application/pdf,image/jpeg,image/png"
            placeholder="Elegir archivo"
            value={scan}
            onChange={setScan}
            clearable
          />
        )}
        {reason && (
          <Textarea
            label={reason === 'urgencia' ? 'Qué ha pasado' : 'Observaciones (opcional)'}
            withAsterisk={reason === 'urgencia'}
            maxLength={300}
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading || uploading}>
            Volver
          </Button>
          <Button type="submit" color="green" loading={loading || uploading}>
            Marcar como atendida
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** «Atendida» while a consent is not signed: the doctor records why (urgency, or signed on paper with its scan). */
export function ConsentExceptionModal({ ask, ...props }: ConsentExceptionModalProps) {
  return (
    <Modal opened={ask !== null} onClose={props.onClose} title="Falta el consentimiento firmado" centered>
      {ask && <ExceptionForm key={ask.appointment.id} ask={ask} {...props} />}
    </Modal>
  );
}
