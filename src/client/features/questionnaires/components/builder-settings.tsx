import { Checkbox, MultiSelect, TextInput, Textarea } from '@mantine/core';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { QuestionnaireVersionInput } from '../../../../common/schemas/questionnaires';

interface Props {
  values: QuestionnaireVersionInput;
  services: ClinicService[];
  errors: Record<string, string>;
  onChange: (changes: Partial<QuestionnaireVersionInput>) => void;
}

/** The builder's head: the title, the presentation and what the questionnaire applies to. */
export function BuilderSettings({ values, services, errors, onChange }: Props) {
  const serviceData = services
    .filter((service) => service.active || values.serviceIds.includes(service.id))
    .map((service) => ({ value: service.id, label: `${service.name} · ${service.specialty}` }));
  return (
    <>
      <TextInput
        label="Título"
        required
        value={values.title}
        error={errors.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <Textarea
        label="Presentación (opcional)"
        autosize
        minRows={2}
        value={values.intro}
        error={errors.intro}
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
        error={errors.serviceIds}
        onChange={(serviceIds) => onChange({ serviceIds })}
      />
    </>
  );
}
