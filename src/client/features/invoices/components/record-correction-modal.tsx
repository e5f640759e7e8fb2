import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '../../../../common/identity-document';
import { formatEuros } from '../../../../common/money';
import {
  REJECTED_BEFORE_LABELS,
  type CorrectionInput,
  type CorrectionView,
} from '../../../../common/schemas/verifactu-corrections';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { selectOptions } from '../../../components/patient-form-fields';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/dates';
import { useCorrectRecord, useRecordCorrection } from '../api/record-correction';

const ANSWER_TITLES: Record<CorrectionView['status'], string> = {
  rechazado: 'La AEAT rechazó este registro',
  aceptado_con_errores: 'La AEAT registró la factura con errores',
};

/** The data the record sent, as the form's starting values. */
const initialInput = (view: CorrectionView): CorrectionInput => ({
  description: view.description,
  ...(view.recipient ? { recipient: { ...view.recipient } } : {}),
});

function CorrectionForm({ view, onClose }: { view: CorrectionView; onClose: () => void }) {
  const correct = useCorrectRecord(view.recordId);
  const [input, setInput] = useState(() => initialInput(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setRecipient = (changes: Partial<NonNullable<CorrectionInput['recipient']>>) =>
    setInput((current) => ({ ...current, recipient: { ...current.recipient!, ...changes } }));
  const submit = () => {
    setErrors({});
    correct.mutate(input, {
      onSuccess: (result) => {
        notifications.show({
          color: 'teal',
          title: 'Corrección preparada',
          message: `El registro nº ${result.position} lleva los datos corregidos de ${view.invoiceNumber} y sale en el próximo envío.`,
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
  };
  const fieldErrorsShown = correct.error instanceof ApiError && !!correct.error.fields;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Alert color={view.status === 'rechazado' ? 'red' : 'orange'} title={ANSWER_TITLES[view.status]}>
          {view.errorCode ? `Error ${view.errorCode}: ${view.errorDescription ?? ''}` : 'Sin código de error.'}
        </Alert>
        <Text size="sm">
          Factura {view.invoiceNumber}, del {formatCalendarDate(view.issueDate)}, por {formatEuros(view.totalCents)}.
          Aquí se corrigen los datos que la AEAT señala; el número, la fecha y los importes no cambian: si un importe
          está mal, rectifica la factura.
        </Text>
        {input.recipient && (
          <>
            <TextInput
              label="Nombre o razón social del destinatario"
              required
              value={input.recipient.name}
              error={errors['recipient.name'] ?? errors.recipient}
              onChange={(event) => setRecipient({ name: event.currentTarget.value })}
            />
            <Group grow align="flex-start">
              <Select
                label="Tipo de documento"
                required
                allowDeselect={false}
                data={selectOptions(DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS)}
                value={input.recipient.documentType}
                error={errors['recipient.documentType']}
                onChange={(value) => value && setRecipient({ documentType: value as DocumentType })}
              />
              <TextInput
                label="Número de documento"
                required
                autoComplete="off"
                value={input.recipient.documentNumber}
                error={errors['recipient.documentNumber']}
                onChange={(event) => setRecipient({ documentNumber: event.currentTarget.value })}
              />
            </Group>
          </>
        )}
        <Textarea
          label="Descripción de la operación"
          required
          autosize
          minRows={2}
          value={input.description}
          error={errors.description}
          onChange={(event) => {
            const description = event.currentTarget.value;
            setInput((current) => ({ ...current, description }));
          }}
        />
        <Text size="sm" c="dimmed">
          El registro de corrección irá encadenado, con Subsanación S y RechazoPrevio{' '}
          {REJECTED_BEFORE_LABELS[view.rejectedBefore]}.
        </Text>
        {correct.isError && !fieldErrorsShown && <Alert color="red">{errorMessageOf(correct.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button type="submit" loading={correct.isPending}>
            Enviar corrección
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** «Corregir»: a record «Pendiente de corregir»; its corrected data go out as a new chained record. */
export function RecordCorrectionModal({ recordId, onClose }: { recordId: number; onClose: () => void }) {
  const view = useRecordCorrection(recordId);
  return (
    <Modal opened onClose={onClose} title="Corregir el registro" centered size="lg">
      {view.isPending && <LoadingBlock label="Cargando el registro" />}
      {view.isError && (
        <LoadErrorAlert
          title="No se ha podido cargar el registro"
          error={view.error}
          onRetry={() => void view.refetch()}
        />
      )}
      {view.data && <CorrectionForm view={view.data} onClose={onClose} />}
    </Modal>
  );
}
