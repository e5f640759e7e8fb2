import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Quote } from '../../../../common/schemas/quotes';
import { ApiError } from '../../../lib/api-client';
import { useAcceptQuoteOnPaper } from '../api/accept-quote-on-paper';

/** «Aceptación en papel»: who signed the printed quote and the day she signed it. */
export function PaperAcceptanceModal({ quote, today, onClose }: { quote: Quote; today: string; onClose: () => void }) {
  const accept = useAcceptQuoteOnPaper();
  const [signerName, setSignerName] = useState(quote.patientName);
  const [signedOn, setSignedOn] = useState(today);
  const fields = accept.error instanceof ApiError ? (accept.error.fields ?? {}) : {};
  return (
    <Modal opened onClose={onClose} title={`Aceptación en papel del presupuesto ${quote.number}`}>
      <Stack>
        <TextInput
          label="Quién lo firmó"
          value={signerName}
          onChange={(event) => setSignerName(event.currentTarget.value)}
          error={fields.signerName}
        />
        <TextInput
          type="date"
          label="Día de la firma"
          value={signedOn}
          onChange={(event) => setSignedOn(event.currentTarget.value)}
          error={fields.signedOn}
        />
        {accept.error && !accept.error.message.startsWith('Revisa') && (
          <Alert color="red" role="alert" title="No se ha podido registrar">
            {accept.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            onClick={() => accept.mutate({ id: quote.id, input: { signerName, signedOn } }, { onSuccess: onClose })}
            loading={accept.isPending}
          >
            Registrar la aceptación
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
