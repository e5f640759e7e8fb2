import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconFlag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { HOLIDAY_KIND_LABELS, holidayDayLabel, type Holiday } from '../../../../common/schemas/holidays';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useAddNationalHolidays, useDeleteHoliday, useHolidays, useLoadRegionHolidays } from '../../../api/holidays';
import { regionName, type SpanishRegion } from '../../../../common/schemas/setup';
import { HolidayForm } from './holiday-form';
import { YearCalendar } from './year-calendar';

const dates = (holiday: Holiday) =>
  holiday.startDate === holiday.endDate
    ? holidayDayLabel(holiday.startDate)
    : `Del ${holidayDayLabel(holiday.startDate)} al ${holidayDayLabel(holiday.endDate)}`;

/**
 * «Festivos y cierres» in /admin/configuracion: a year's calendar with its holidays, the list (removable),
 * a form to add a day or a range, and «Añadir festivos nacionales de <año>». No slot is offered on them.
 */
export function HolidaysCard({ initialYear, region }: { initialYear: number; region: SpanishRegion | null }) {
  const [year, setYear] = useState(initialYear);
  const holidays = useHolidays(year);
  const remove = useDeleteHoliday();
  const national = useAddNationalHolidays();
  const regional = useLoadRegionHolidays();
  const told = (message: string) => notifications.show({ color: 'teal', message });
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: 'No se ha podido guardar', message: errorMessageOf(error) });

  const addNational = () =>
    national.mutate(year, {
      onSuccess: (result) =>
        told(
          result.added === 0
            ? `Los festivos nacionales de ${year} ya estaban.`
            : `Añadidos ${result.added} festivos nacionales de ${year}.`,
        ),
      onError: failed,
    });

  // The community chosen in the set-up wizard: a later year's holidays load from it (decision 0125).
  const addRegional = (chosen: SpanishRegion) =>
    regional.mutate(
      { region: chosen, years: [year] },
      {
        onSuccess: (result) =>
          told(
            result.added === 0
              ? `Los festivos de ${regionName(chosen)} de ${year} ya estaban.`
              : `Añadidos ${result.added} festivos nacionales y de ${regionName(chosen)} de ${year}.`,
          ),
        onError: failed,
      },
    );

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="festivos-titulo">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="festivos-titulo">
            <Group gap="xs" component="span">
              <IconFlag size={22} aria-hidden /> Festivos y cierres
            </Group>
          </Title>
          <Group gap={4}>
            <ActionIcon variant="default" aria-label="Año anterior" onClick={() => setYear(year - 1)}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Text fw={700} miw={48} ta="center" aria-live="polite">
              {year}
            </Text>
            <ActionIcon variant="default" aria-label="Año siguiente" onClick={() => setYear(year + 1)}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Esos días no se ofrecen horas a ningún profesional y no se puede pedir cita por internet; la recepción puede
          reservar igualmente si lo confirma. Los festivos nacionales son los mismos en toda España; los autonómicos y
          los locales cambian según la comunidad y el municipio: añádelos aquí.
        </Text>
        <Group>
          {region && (
            <Button variant="light" onClick={() => addRegional(region)} loading={regional.isPending}>
              Cargar festivos de {regionName(region)} para {year}
            </Button>
          )}
          <Button variant={region ? 'default' : 'light'} onClick={addNational} loading={national.isPending}>
            Añadir festivos nacionales de {year}
          </Button>
        </Group>
        {holidays.isPending && <LoadingBlock label="Cargando los festivos" />}
        {holidays.isError && (
          <LoadErrorAlert
            title="No se han podido cargar los festivos"
            error={holidays.error}
            onRetry={() => void holidays.refetch()}
          />
        )}
        {holidays.data && (
          <>
            <YearCalendar year={year} holidays={holidays.data.items} />
            {holidays.data.items.length === 0 ? (
              <Alert color="gray">No hay festivos ni cierres en {year}.</Alert>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table aria-label={`Festivos y cierres de ${year}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th>Nombre</Table.Th>
                      <Table.Th>Tipo</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Acciones</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {holidays.data.items.map((holiday) => (
                      <Table.Tr key={holiday.id}>
                        <Table.Td>{dates(holiday)}</Table.Td>
                        <Table.Td>{holiday.name}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={holiday.kind === 'cierre' ? 'orange' : 'red'}>
                            {HOLIDAY_KIND_LABELS[holiday.kind]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Quitar ${holiday.name}`}
                            onClick={() =>
                              remove.mutate(holiday.id, {
                                onSuccess: () => told(`Quitado: ${holiday.name}.`),
                                onError: failed,
                              })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        <HolidayForm onAdded={(name) => told(`Añadido: ${name}.`)} />
      </Stack>
    </Paper>
  );
}
