import { Alert, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SPANISH_REGIONS, type SpanishRegion } from '../../../../common/schemas/setup';
import { useCreateHoliday, useLoadRegionHolidays } from '../../../api/holidays';
import { DateField } from '../../../components/date-field';
import { refusalText } from '../../../components/form-error';
import { StepActions, type StepProps } from '../../../components/step-actions';

interface LocalDay {
  date: string | null;
  name: string;
}

/**
 * The wizard's «Región y festivos»: the community, whose holidays (and the national ones) of this year and the next
 * load at once, and the municipality's two local days, typed by hand (no source has them reliably).
 */
export function RegionStep({
  region: savedRegion,
  year,
  onDone,
  onSkip,
  busy,
}: StepProps & { region: SpanishRegion | null; year: number }) {
  const [region, setRegion] = useState<SpanishRegion | null>(savedRegion);
  const [locals, setLocals] = useState<LocalDay[]>([
    { date: null, name: '' },
    { date: null, name: '' },
  ]);
  const [error, setError] = useState<string | null>(null);
  const load = useLoadRegionHolidays();
  const createHoliday = useCreateHoliday();
  const saving = load.isPending || createHoliday.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!region) return setError('Elige la comunidad autónoma de la clínica, o salta este paso.');
    const typed = locals.filter((day) => day.date || day.name.trim());
    if (typed.some((day) => !day.date || day.name.trim().length < 2)) {
      return setError('Cada festivo local necesita su fecha y su nombre (p. ej. «San Isidro»).');
    }
    try {
      await load.mutateAsync({ region, years: [year, year + 1] });
      for (const day of typed) {
        await createHoliday.mutateAsync({ startDate: day.date!, endDate: day.date!, name: day.name, kind: 'local' });
      }
      onDone();
    } catch (failure) {
      setError(refusalText(failure));
    }
  };

  const setLocal = (index: number, change: Partial<LocalDay>) =>
    setLocals((days) => days.map((day, at) => (at === index ? { ...day, ...change } : day)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label="Comunidad autónoma"
          description={`Se cargan los festivos nacionales y los de la comunidad de ${year} y ${year + 1}.`}
          placeholder="Elige la comunidad"
          data={SPANISH_REGIONS.map(([value, label]) => ({ value, label }))}
          value={region}
          onChange={(value) => setRegion(value as SpanishRegion | null)}
          searchable
          nothingFoundMessage="Ninguna comunidad coincide"
          maw={420}
        />
        <Title order={3} size="h5">
          Festivos locales (opcional)
        </Title>
        <Text size="sm" c="dimmed">
          Cada municipio tiene dos festivos locales, distintos cada año: escríbelos si ya los conoces. Los de otros años
          se añaden en Configuración › Festivos y cierres.
        </Text>
        {locals.map((day, index) => (
          <SimpleGrid key={index} cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField
              label={`Fecha del festivo local ${index + 1}`}
              value={day.date}
              onChange={(date) => setLocal(index, { date })}
              clearable
            />
            <TextInput
              label={`Nombre del festivo local ${index + 1}`}
              placeholder={index === 0 ? 'San Isidro' : 'Virgen de la Almudena'}
              value={day.name}
              onChange={(event) => setLocal(index, { name: event.currentTarget.value })}
            />
          </SimpleGrid>
        ))}
        <Group justify="flex-end">
          <StepActions onSkip={onSkip} submitting={saving || busy} />
        </Group>
      </Stack>
    </form>
  );
}
