import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PatientContext } from '../../../../common/schemas/patient-context';
import { formatCalendarDate, formatLongDay } from '../../../lib/dates';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { usePatientContext } from '../../../api/patient-context';

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {children}
        </List>
      )}
    </Stack>
  );
}

function ContextBody({ context, timeZone }: { context: PatientContext; timeZone: string }) {
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{context.name}</Text>
        <Badge variant="light" color="gray">
          {context.age === null ? 'Edad desconocida' : `${context.age} ${context.age === 1 ? 'año' : 'años'}`}
        </Badge>
      </Group>
      {context.allergies ? (
        <Alert color="red" variant="filled" icon={<IconAlertTriangle size={18} aria-hidden />} title="Alergias">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {context.allergies}
          </Text>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          No constan alergias.
        </Text>
      )}
      {context.medicalHistory && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <strong>Antecedentes:</strong> {context.medicalHistory}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Medicación actual" empty="Sin recetas vigentes.">
          {context.currentMedication.map((item, index) => (
            <List.Item key={`${item.prescriptionId}-${index}`}>
              <strong>{item.medicine}</strong>: {item.dose}, {item.frequency}, {item.duration}
              <Text span size="xs" c="dimmed" display="block">
                Receta del {formatCalendarDate(item.prescribedOn)}, válida hasta el{' '}
                {formatCalendarDate(item.validUntil)} · {item.doctorName}
              </Text>
            </List.Item>
          ))}
        </Section>
        <Section title="Tratamientos activos" empty="Sin tratamientos activos.">
          {context.activeTreatments.map((treatment) => (
            <List.Item key={treatment.id}>
              <strong>{treatment.title}</strong>
              {treatment.diagnosis && ` · ${treatment.diagnosis}`}
              <Text span size="xs" c="dimmed" display="block">
                Desde el {formatCalendarDate(treatment.startDate)}
                {treatment.sessionsPlanned > 0 &&
                  ` · ${treatment.sessionsDone} de ${treatment.sessionsPlanned} sesiones`}
              </Text>
            </List.Item>
          ))}
        </Section>
      </SimpleGrid>
      <Section title="Últimas notas firmadas" empty="Sin notas firmadas.">
        {context.lastNotes.map((note) => (
          <List.Item key={note.id}>
            <Text span size="sm" fw={600}>
              {formatLongDay(note.date, timeZone)} · {note.doctorName}
            </Text>
            <Text span size="sm" display="block">
              <strong>Diagnóstico:</strong> {note.diagnosis}
              {note.diagnosisCode && ` (${note.diagnosisCode})`}
            </Text>
            {note.summary && (
              <Text span size="sm" c="dimmed" display="block">
                {note.summary}
              </Text>
            )}
          </List.Item>
        ))}
      </Section>
    </Stack>
  );
}

/**
 * «Contexto del paciente» on the consultation screen: allergies (prominent, red), age at the clinic's
 * today, current medication, active treatments and the last signed notes — what the doctor would
 * otherwise open the chart in another tab for. The server decides what she may read of it.
 */
export function PatientContextPanel({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const context = usePatientContext(patientId);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="contexto-del-paciente">
      <Title order={2} size="h4" mb="sm" id="contexto-del-paciente">
        Contexto del paciente
      </Title>
      {context.isPending && <LoadingBlock label="Cargando el contexto del paciente" />}
      {context.isError && (
        <LoadErrorAlert
          title="No se ha podido cargar el contexto del paciente"
          error={context.error}
          onRetry={() => void context.refetch()}
        />
      )}
      {context.data && <ContextBody context={context.data} timeZone={timeZone} />}
    </Paper>
  );
}
