import { Checkbox, MultiSelect, TextInput, Textarea } from '@mantine/core';
import { memo } from 'react';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { QuestionnaireVersionInput } from '../../../../common/schemas/questionnaires';

type Settings = Pick<QuestionnaireVersionInput, 'title' | 'intro' | 'firstVisit' | 'serviceIds'>;

interface Props extends Settings {
  services: ClinicService[];
  /** The messages of its fields (one prop each: a message object made anew at each change would draw it again). */
  titleError?: string;
  introError?: string;
  serviceIdsError?: string;
  onChange: (changes: Partial<QuestionnaireVersionInput>) => void;
}

/**
 * The builder's head: the title, the presentation and what the questionnaire applies to. Drawn again only when
 * one of them changes, not at each change of a question (its text box measures itself each time it is drawn).
 */
export const BuilderSettings = memo(function BuilderSettings({
  services,
  titleError,
  introError,
  serviceIdsError,
  onChange,
  ...values
}: Props) {
  const serviceData = services
    .filter((service) => service.active || values.serviceIds.includes(service.id))
    .map((service) => ({ value: service.id, label: `${service.name} · ${service.specialty}` }));
  return (
    <>
      <TextInput
        label="Título"
        required
        value={values.title}
        error={titleError}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <Textarea
        label="Presentación (opcional)"
        autosize
        minRows={2}
        value={values.intro}
        error={introError}
        onChange={(e) => onChange({ intro: e.currentTarget.value })}
      />
      <Checkbox
        label="Primera visita: se pide antes de la primera cita de un paciente en la clínica"
        checked={values.firstVisit}
        onChange={(e) => onChange({ firstVisit: e.currentTarget.checked })}
      />
      <MultiSelect
        label="Servicios a los que se aplica"
        searchable
        data={serviceData}
        value={values.serviceIds}
        error={serviceIdsError}
        onChange={(serviceIds) => onChange({ serviceIds })}
      />
    </>
  );
});
