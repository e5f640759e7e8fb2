import { Alert, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { QuoteByLink } from '../../../../common/schemas/quotes';
import { ApiError } from '../../../lib/api-client';
import { useAcceptQuoteByLink } from '../api/accept-quote-by-link';

/**
 * Her acceptance on the phone: her name and document and her signature — the consent's own pad (`pad`, passed in by
 * the page) or her typed name — then «Acepto el presupuesto». The server refuses an expired or decided quote in Spanish.
 */
export function QuoteAcceptanceForm({
  token,
  quote,
  pad,
}: {
  token: string;
  quote: QuoteByLink;
  pad: (onChange: (image: string | null) => void) => ReactNode;
}) {
  const accept = useAcceptQuoteByLink();
  const [signerName, setSignerName] = useState(quote.patientName);
  const [signerDocument, setSignerDocument] = useState('');
  const [method, setMethod] = useState<'trazo' | 'nombre'>('trazo');
  const [image, setImage] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');
  const fields = accept.error instanceof ApiError ? (accept.error.fields ?? {}) : {};
  const missingSignature = method === 'trazo' ? !image : typedName.trim().length < 3;
  const submit = () =>
    accept.mutate({
      token,
      input: {
        signerName,
        signerDocument,
        signature: method === 'trazo' ? { method, image: image ?? '' } : { method, typedName },
      },
    });
  return (
    <Stack gap="sm">
      <TextInput
        label="Nombre y apellidos"
        required
        value={signerName}
        onChange={(event) => setSignerName(event.currentTarget.value)}
        error={fields.signerName}
        autoComplete="name"
      />
      <TextInput
        label="Número de documento (DNI, NIE o pasaporte)"
        required
        value={signerDocument}
        onChange={(event) => setSignerDocument(event.currentTarget.value)}
        error={fields.signerDocument}
      />
      <SegmentedControl
        aria-label="Cómo firmar"
        value={method}
        onChange={(value) => setMethod(value as 'trazo' | 'nombre')}
        data={[
          { value: 'trazo', label: 'Dibujar la firma' },
          { value: 'nombre', label: 'Escribir mi nombre' },
        ]}
      />
      {method === 'trazo' ? (
        pad(setImage)
      ) : (
        <TextInput
          label="Escribe tu nombre completo como firma"
          required
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          error={fields.signature ?? fields['signature.typedName']}
        />
      )}
      {accept.error && (
        <Alert color="red" role="alert" title="No se ha podido aceptar">
          {accept.error instanceof ApiError
            ? accept.error.message
            : 'Ha ocurrido un error inesperado. Inténtalo de nuevo.'}
        </Alert>
      )}
      <Text size="sm">
        Al firmar aceptas el presupuesto {quote.number} por {formatEuros(quote.totalCents)}.
      </Text>
      <Button onClick={submit} loading={accept.isPending} disabled={missingSignature} w="fit-content">
        Acepto el presupuesto
      </Button>
    </Stack>
  );
}
