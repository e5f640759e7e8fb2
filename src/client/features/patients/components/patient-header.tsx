import { Alert, Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMail, IconPhone } from '@tabler/icons-react';
import { SEX_LABELS, type Patient } from '../../../../common/schemas/patients';
import { formatAge, formatBirthDate, formatDocument, fullName } from '../utils/format';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { InsuranceBadges } from './insurance-badges';

const initials = (patient: Patient) =>
  [patient.firstName, patient.lastName].map((part) => part.trim()[0]?.toUpperCase() ?? '').join('');

/** The top of a chart: who the patient is, how to reach them and, above all, their allergies. */
export function PatientHeader({ patient }: { patient: Patient }) {
  const timeZone = useClinicZone();
  const document = formatDocument(patient.documentType, patient.documentNumber);
  const facts = [
    patient.birthDate ? `${formatAge(patient.birthDate, timeZone)} (${formatBirthDate(patient.birthDate)})` : null,
    document,
    patient.sex && patient.sex !== 'no_consta' ? SEX_LABELS[patient.sex] : null,
  ].filter((fact): fact is string => Boolean(fact));
  const allergies = patient.allergies.trim();

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Resumen del paciente">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar size={56} radius="xl" color="teal" visibleFrom="xs" alt="">
            {initials(patient)}
          </Avatar>
          <Stack gap={6} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {fullName(patient)}
              </Title>
              {allergies && (
                <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                  Alergias
                </Badge>
              )}
              <InsuranceBadges patient={patient} />
              <Badge color={patient.hasAccount ? 'teal' : 'gray'} variant="light">
                {patient.hasAccount ? 'Con cuenta en la web' : 'Sin cuenta en la web'}
              </Badge>
            </Group>
            {facts.length > 0 && <Text c="dimmed">{facts.join(' · ')}</Text>}
            <Group gap="lg" wrap="wrap">
              {patient.phone && (
                <Anchor href={`tel:${patient.phone.replace(/[^\d+]/g, '')}`} size="sm">
                  <Group gap={6} wrap="nowrap" component="span">
                    <IconPhone size={16} aria-hidden />
                    {patient.phone}
                  </Group>
                </Anchor>
              )}
              {patient.email && (
                <Anchor href={`mailto:${patient.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="nowrap" component="span">
                    <IconMail size={16} aria-hidden />
                    {patient.email}
                  </Group>
                </Anchor>
              )}
              {!patient.phone && !patient.email && (
                <Text size="sm" c="dimmed">
                  Sin teléfono ni correo
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
        {allergies ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Alergias">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {allergies}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            No constan alergias.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
