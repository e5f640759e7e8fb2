import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { BillableVisits } from './billable-visits';
import { IssueInvoiceModal } from './issue-invoice-modal';
import { ManagedInvoices } from './managed-invoices';

/**
 * «Facturación» on the desk's page of a patient: what is left to invoice, and her invoices with what the desk does to
 * them (take a payment, rectify, cancel…) without going to «Facturación».
 */
export function PatientBilling({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const [free, setFree] = useState(false);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="patient-billing-title">
      <Title order={2} size="h4" mb="sm" id="patient-billing-title">
        Facturación
      </Title>
      <Stack gap="md">
        <BillableVisits patientId={patientId} timeZone={timeZone} />
        {/* An invoice without a visit: a report, a product, a material, typed by hand. */}
        <Group>
          <Button variant="light" onClick={() => setFree(true)}>
            Factura sin cita
          </Button>
        </Group>
        {free && <IssueInvoiceModal patient={{ id: patientId }} timeZone={timeZone} onClose={() => setFree(false)} />}
        <ManagedInvoices
          filters={{ patientId }}
          texts={{
            loading: 'Cargando sus facturas',
            failed: 'No se han podido cargar sus facturas',
            none: 'Sin facturas',
            noneHint: 'Las facturas de este paciente aparecerán aquí.',
          }}
        />
      </Stack>
    </Paper>
  );
}
