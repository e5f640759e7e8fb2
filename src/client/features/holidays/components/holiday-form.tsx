import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  HOLIDAY_KIND_LABELS,
  HOLIDAY_KINDS,
  holidayCreateSchema,
  type HolidayKind,
} from '../../../../common/schemas/holidays';
import { DateField } from '../../../components/date-field';
import { errorMessageOf } from '../../../components/form-error';
import { useCreateHoliday } from '../../../api/holidays';

const KIND_OPTIONS = HOLIDAY_KINDS.map((kind) => ({ value: kind, label: HOLIDAY_KIND_LABELS[kind] }));

/** Adds a day or a range (Desde–Hasta; «Hasta» empty for one day) with its name and kind. */
export function HolidayForm({ onAdded }: { onAdded: (name: string) => void }) {
  const create = useCreateHoliday();
  const [startDate, setStart] = useState<string | null>(null);
  const [endDate, setEnd] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<HolidayKind>('local');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { startDate: startDate ?? '', endDate: endDate ?? startDate ?? '', name, kind };
    const parsed = holidayCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      if (!startDate) found.startDate = 'Elige el primer día';
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (saved) => {
        onAdded(saved.name);
        setStart(null);
        setEnd(null);
        setName('');
      },
      onError: (error) => setErrors({ name: errorMessageOf(error) }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Añadir un festivo o cierre">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <DateField label="Desde" required value={startDate} onChange={setStart} error={errors.startDate} />
        <DateField
          label="Hasta"
          description="Vacío si es un solo día"
          value={endDate}
          onChange={setEnd}
          error={errors.endDate}
        />
        <TextInput
          label="Nombre"
          size="sm"
          required
          placeholder="p. ej. San Isidro"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label="Tipo"
          size="sm"
          data={KIND_OPTIONS}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && setKind(value as HolidayKind)}
          error={errors.kind}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>
          Añadir
        </Button>
      </Group>
    </form>
  );
}
