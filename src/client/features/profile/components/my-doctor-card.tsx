import { Alert, ColorSwatch, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCalendarDate } from '../../../lib/dates';
import { useMyDoctorCard } from '../api/get-my-doctor-card';
import { MyBioForm } from './my-bio-form';
import { MyScheduleTable } from './my-schedule-table';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** «Mi ficha profesional»: the doctor edits her bio; everything else the clinic manages. */
export function MyDoctorCard() {
  const card = useMyDoctorCard();
  return (
    <Paper withBorder p="lg" maw={720} component="section" aria-labelledby="mi-ficha-profesional">
      <Stack>
        <Title order={2} size="h4" id="mi-ficha-profesional">
          Mi ficha profesional
        </Title>
        {card.isPending && <Loader size="sm" aria-label="Cargando tu ficha" />}
        {card.isError && (
          <Alert color="red" role="alert">
            No se pudo cargar tu ficha profesional. Inténtalo de nuevo más tarde.
          </Alert>
        )}
        {card.data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact label="Especialidad">{card.data.specialty}</Fact>
              <Fact label="Nº de colegiado">{card.data.licenseNumber}</Fact>
              <Fact label="Color en la agenda">
                <Group gap={6}>
                  <ColorSwatch color={card.data.color} size={16} aria-hidden />
                  {card.data.color}
                </Group>
              </Fact>
              <Fact label="Duración de la cita">{card.data.appointmentMinutes} min</Fact>
            </SimpleGrid>
            <MyBioForm bio={card.data.bio} />
            <Title order={3} size="h5">
              Horario semanal
            </Title>
            <MyScheduleTable schedule={card.data.schedule} />
            <Title order={3} size="h5">
              Próximas ausencias
            </Title>
            {card.data.upcomingAbsences.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tienes ausencias próximas.
              </Text>
            ) : (
              <List aria-label="Próximas ausencias">
                {card.data.upcomingAbsences.map((absence) => (
                  <List.Item key={absence.id}>
                    {absence.startDate === absence.endDate
                      ? formatCalendarDate(absence.startDate)
                      : `Del ${formatCalendarDate(absence.startDate)} al ${formatCalendarDate(absence.endDate)}`}
                    {' · '}
                    {absence.reason}
                  </List.Item>
                ))}
              </List>
            )}
            <Alert color="blue" variant="light">
              Tu horario y tus ausencias los gestiona la clínica. Si necesitas cambiarlos, habla con recepción.
            </Alert>
          </>
        )}
      </Stack>
    </Paper>
  );
}
