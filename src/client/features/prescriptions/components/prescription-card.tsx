import { Anchor, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  PRESCRIPTION_STATUS_LABELS,
  type Prescription,
  type PrescriptionStatus,
} from '../../../../common/schemas/prescriptions';
import { formatCalendarDate } from '../../../lib/dates';
import { prescriptionPdfHref } from '../api/get-prescription-pdf';

/** Active in teal; expired (computed by the server on the clinic's clock) in orange; cancelled in red. */
const STATUS_COLORS: Record<PrescriptionStatus, string> = { activa: 'teal', caducada: 'orange', anulada: 'red' };

interface PrescriptionCardProps {
  prescription: Prescription;
  /** Whose name heads the card: the patient's (doctor, admin) or the prescriber's (the patient). */
  show: 'patient' | 'doctor';
  onCancel?: (prescription: Prescription) => void;
}

/** One prescription: date, who, medicines and posology, status, code; the PDF and (for its doctor) «Anular». */
export function PrescriptionCard({ prescription, show, onCancel }: PrescriptionCardProps) {
  const cancelled = prescription.status === 'anulada';
  const date = formatCalendarDate(prescription.prescribedOn);
  return (
    <Paper withBorder p="md" component="li" aria-label={`Receta del ${date}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={700}>{show === 'patient' ? prescription.patientName : prescription.doctorName}</Text>
            <Badge color={STATUS_COLORS[prescription.status]} variant="light">
              {PRESCRIPTION_STATUS_LABELS[prescription.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {date} · válida hasta el {formatCalendarDate(prescription.validUntil)} · código{' '}
            {prescription.verificationCode}
          </Text>
          <Text size="sm">
            <strong>Diagnóstico:</strong> {prescription.diagnosis}
            {prescription.treatmentTitle && ` · Tratamiento: ${prescription.treatmentTitle}`}
          </Text>
          <List size="sm" spacing={2}>
            {prescription.medicines.map((item, index) => (
              <List.Item key={index}>
                <strong>{item.medicine}</strong>: {item.dose}, vía {item.route}, {item.frequency}, durante{' '}
                {item.duration}
              </List.Item>
            ))}
          </List>
          {cancelled && (
            <Text size="sm" c="red.8">
              Anulada: {prescription.cancelReason}
            </Text>
          )}
          {prescription.allergyOverrideReason && (
            <Text size="sm" c="red.8">
              Recetada pese a la alergia registrada (
              {[...new Set(prescription.allergyConflicts.map((conflict) => conflict.allergy))].join(', ')}):{' '}
              {prescription.allergyOverrideReason}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            component="a"
            href={prescriptionPdfHref(prescription.id)}
            download
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={`Descargar el PDF de la receta del ${date}`}
          >
            PDF
          </Button>
          {onCancel && !cancelled && (
            <Anchor component="button" type="button" c="red.8" size="sm" onClick={() => onCancel(prescription)}>
              Anular
            </Anchor>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
