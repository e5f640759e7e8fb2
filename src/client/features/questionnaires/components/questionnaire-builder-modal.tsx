import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { Questionnaire, QuestionnaireVersionInput } from '../../../../common/schemas/questionnaires';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useCreateQuestionnaire } from '../api/create-questionnaire';
import { usePublishQuestionnaireVersion } from '../api/publish-questionnaire-version';
import { blankQuestion, newKey, SectionEditor } from './section-editor';

interface Props {
  /** The questionnaire whose next version this is; none for a new one (its version 1). */
  questionnaire: Questionnaire | null;
  services: ClinicService[];
  onClose: () => void;
}

const valuesOf = (questionnaire: Questionnaire | null): QuestionnaireVersionInput => {
  const current = questionnaire?.versions[0];
  return {
    title: current?.title ?? '',
    intro: current?.intro ?? '',
    firstVisit: current?.firstVisit ?? false,
    serviceIds: current?.services.map((service) => service.id) ?? [],
    sections: current?.sections ?? [{ id: newKey('s'), title: '', questions: [blankQuestion()] }],
  };
};

/** Options left blank by the editor's lines are not options. */
const cleaned = (values: QuestionnaireVersionInput): QuestionnaireVersionInput => ({
  ...values,
  sections: values.sections.map((section) => ({
    ...section,
    questions: section.questions.map((question) => ({
      ...question,
      options: question.options.map((option) => option.trim()).filter(Boolean),
    })),
  })),
});

/** Builds a questionnaire's next version (or its first) and publishes it: a published version is never edited. */
export function QuestionnaireBuilderModal({ questionnaire, services, onClose }: Props) {
  const [values, setValues] = useState(() => valuesOf(questionnaire));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateQuestionnaire();
  const publish = usePublishQuestionnaireVersion();
  const set = (changes: Partial<QuestionnaireVersionInput>) => setValues((current) => ({ ...current, ...changes }));
  const next = questionnaire ? questionnaire.currentVersion + 1 : 1;
  const serviceData = services
    .filter((service) => service.active || values.serviceIds.includes(service.id))
    .map((service) => ({ value: service.id, label: `${service.name} · ${service.specialty}` }));

  const submit = async () => {
    setErrors({});
    try {
      const input = cleaned(values);
      const saved = questionnaire
        ? await publish.mutateAsync({ id: questionnaire.id, input })
        : await create.mutateAsync(input);
      notifications.show({ color: 'green', message: `Versión ${saved.currentVersion} publicada` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={questionnaire ? `Versión ${next} de «${questionnaire.title}»` : 'Nuevo cuestionario'}
    >
      <Stack gap="md">
        <TextInput
          label="Título"
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
        />
        <Textarea
          label="Presentación (opcional)"
          autosize
          minRows={2}
          value={values.intro}
          onChange={(e) => set({ intro: e.currentTarget.value })}
        />
        <Checkbox
          label="Primera visita: se pide antes de la primera cita de un paciente en la clínica"
          checked={values.firstVisit}
          onChange={(e) => set({ firstVisit: e.currentTarget.checked })}
        />
        <MultiSelect
          label="Servicios a los que se aplica"
          searchable
          data={serviceData}
          value={values.serviceIds}
          error={errors.serviceIds}
          onChange={(serviceIds) => set({ serviceIds })}
        />
        {errors.sections && <Alert color="red">{errors.sections}</Alert>}
        {values.sections.map((section, index) => (
          <SectionEditor
            key={section.id}
            section={section}
            number={index + 1}
            errors={errors}
            onChange={(changed) =>
              set({ sections: values.sections.map((current, i) => (i === index ? changed : current)) })
            }
            onRemove={() => set({ sections: values.sections.filter((_, i) => i !== index) })}
          />
        ))}
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            set({ sections: [...values.sections, { id: newKey('s'), title: '', questions: [blankQuestion()] }] })
          }
        >
          Añadir sección
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={create.isPending || publish.isPending} onClick={() => void submit()}>
            Publicar versión {next}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
