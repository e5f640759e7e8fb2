import { DataList, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DOCUMENT_TYPE_LABELS } from '../../../../common/identity-document';
import { CONSENT_CHANNEL_LABELS, SEX_LABELS, type Patient } from '../../../../common/schemas/patients';
import { formatBirthDate, formatInstant, formatShortDate } from '../utils/format';
import { useClinicZone } from '../../../lib/clinic-time-zone';

function Value({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === '') {
    return (
      <Text span c="dimmed" size="sm">
        No consta
      </Text>
    );
  }
  return (
    <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

function DetailsSection({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <DataList orientation="vertical" gap="md" withDivider>
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Value>{value}</Value>
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Paper>
  );
}

/** A patient's data to read (a doctor's view of the chart). */
export function PatientDetails({ patient }: { patient: Patient }) {
  const timeZone = useClinicZone();
  const consent = patient.privacyConsentAt
    ? `Sí, el ${formatInstant(patient.privacyConsentAt, timeZone)}${
        patient.privacyConsentChannel ? ` (${CONSENT_CHANNEL_LABELS[patient.privacyConsentChannel].toLowerCase()})` : ''
      }`
    : 'No';
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <DetailsSection
        title="Datos personales"
        items={[
          ['Nombre', patient.firstName],
          ['Apellidos', patient.lastName],
          [
            'Documento',
            patient.documentType && patient.documentNumber
              ? `${DOCUMENT_TYPE_LABELS[patient.documentType]} ${patient.documentNumber}`
              : null,
          ],
          ['Fecha de nacimiento', patient.birthDate ? formatBirthDate(patient.birthDate) : null],
          ['Sexo', patient.sex ? SEX_LABELS[patient.sex] : null],
        ]}
      />
      <DetailsSection
        title="Contacto y seguro"
        items={[
          ['Teléfono', patient.phone],
          ['Correo electrónico', patient.email],
          ['Dirección', patient.address],
          ['Aseguradora', patient.insurerId ? patient.insurer : 'Privado'],
          ['Nº de póliza', patient.policyNumber],
          ['Nº de tarjeta', patient.cardNumber],
          ['Caducidad de la tarjeta', patient.cardExpiry ? formatShortDate(patient.cardExpiry) : null],
        ]}
      />
      <DetailsSection
        title="Información clínica"
        items={[
          ['Alergias', patient.allergies],
          ['Antecedentes', patient.medicalHistory],
          ['Notas', patient.notes],
        ]}
      />
      <DetailsSection title="Protección de datos" items={[['Ha aceptado la política de privacidad', consent]]} />
    </SimpleGrid>
  );
}
