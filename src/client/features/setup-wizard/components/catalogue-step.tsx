import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { Specialty } from '../../../../common/schemas/doctors';
import { STARTER_CATALOGUE } from '../../../../common/starter-catalogue';
import { refusalText } from '../../../components/form-error';
import { StepActions, type StepProps } from '../../../components/step-actions';
import { useCreateStarterCatalogue } from '../api/create-starter-catalogue';
import { CatalogueSpecialty, choiceOf, type CatalogueChoice } from './catalogue-specialty';

const key = (name: string) => name.trim().toLocaleLowerCase('es');

/**
 * The wizard's «Especialidades y servicios»: the starter catalogue, every specialty unticked; a ticked one brings its
 * services ticked with an indicative price to edit. What already exists by name is left as it is.
 */
export function CatalogueStep({ specialties, onDone, onSkip, busy }: StepProps & { specialties: Specialty[] }) {
  const [choices, setChoices] = useState<CatalogueChoice[]>(() => STARTER_CATALOGUE.map(choiceOf));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateStarterCatalogue();
  const existing = new Set(specialties.map((specialty) => key(specialty.name)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const chosen = STARTER_CATALOGUE.flatMap((specialty, index) => {
      const choice = choices[index]!;
      if (!choice.ticked) return [];
      const services = choice.services
        .filter((service) => service.ticked)
        .map(({ ticked: _ticked, ...service }) => service);
      return [{ name: specialty.name, forMinors: specialty.forMinors, services }];
    });
    if (chosen.length === 0) return setError('Marca al menos una especialidad, o salta este paso.');
    if (chosen.some((specialty) => specialty.services.some((service) => Number.isNaN(service.priceCents)))) {
      return setError('Indica el precio de cada servicio marcado (0 € si no se cobra).');
    }
    try {
      const result = await create.mutateAsync({ specialties: chosen });
      notifications.show({
        color: 'teal',
        title: 'Catálogo creado',
        message: `${result.specialtiesCreated.length} especialidades y ${result.servicesCreated.length} servicios nuevos${
          result.skipped.length > 0 ? `; ya existían: ${result.skipped.join(', ')}` : ''
        }.`,
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
      onDone();
    } catch (failure) {
      setError(refusalText(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Los precios son orientativos: cámbialos aquí o después en Servicios y tarifas. La asistencia sanitaria está
          exenta de IVA (art. 20.Uno.3.º de la Ley 37/1992); los tratamientos estéticos y los certificados para otros
          fines llevan el 21 %.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {STARTER_CATALOGUE.map((specialty, index) => (
            <CatalogueSpecialty
              key={specialty.name}
              specialty={specialty}
              choice={choices[index]!}
              exists={existing.has(key(specialty.name))}
              onChange={(choice) => setChoices((all) => all.map((old, at) => (at === index ? choice : old)))}
            />
          ))}
        </SimpleGrid>
        <StepActions onSkip={onSkip} submitting={create.isPending || busy} />
      </Stack>
    </form>
  );
}
