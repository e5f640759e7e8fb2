import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { Question, Questionnaire, QuestionnaireVersionInput } from '../../../../common/schemas/questionnaires';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useCreateQuestionnaire } from '../api/create-questionnaire';
import { usePublishQuestionnaireVersion } from '../api/publish-questionnaire-version';
import { BuilderSettings } from './builder-settings';
import { blankSection, builderErrors, cleaned, sectionName, valuesOf, withQuestionChanged } from './builder-values';
import { SectionEditor } from './section-editor';
import { SortableList } from './sortable-list';

interface Props {
  /** The questionnaire whose next version this is; none for a new one (its version 1). */
  questionnaire: Questionnaire | null;
  services: ClinicService[];
  onClose: () => void;
}

/**
 * Builds a questionnaire's next version (or its first) and publishes it: a published version is never edited.
 * Sections and questions are reordered by dragging or with «Subir» / «Bajar»; the order shown is the order saved.
 */
export function QuestionnaireBuilderModal({ questionnaire, services, onClose }: Props) {
  const [values, setValues] = useState(() => valuesOf(questionnaire));
  // Once a publication was tried, the shared schema's messages follow every change (and every move).
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const create = useCreateQuestionnaire();
  const publish = usePublishQuestionnaireVersion();
  const set = useCallback((changes: Partial<QuestionnaireVersionInput>) => {
    setServerErrors({});
    setValues((current) => ({ ...current, ...changes }));
  }, []);
  // One function for the whole builder, applied to the values as they are: a question's fields keep it from one
  // change to the next and are drawn again only when their own question changes (question-editor.tsx).
  const changeQuestion = useCallback((sectionIndex: number, questionIndex: number, changes: Partial<Question>) => {
    setServerErrors({});
    setValues((current) => ({
      ...current,
      sections: withQuestionChanged(current.sections, sectionIndex, questionIndex, changes),
    }));
  }, []);
  const errors = { ...serverErrors, ...(tried ? builderErrors(values) : {}) };
  const next = questionnaire ? questionnaire.currentVersion + 1 : 1;

  const submit = async () => {
    setTried(true);
    if (Object.keys(builderErrors(values)).length > 0) return;
    try {
      const input = cleaned(values);
      const saved = questionnaire
        ? await publish.mutateAsync({ id: questionnaire.id, input })
        : await create.mutateAsync(input);
      notifications.show({ color: 'green', message: `Versión ${saved.currentVersion} publicada` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        setServerErrors(error.fields);
      } else notifications.show({ color: 'red', message: errorMessageOf(error) });
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
        <BuilderSettings
          title={values.title}
          intro={values.intro}
          firstVisit={values.firstVisit}
          serviceIds={values.serviceIds}
          services={services}
          titleError={errors.title}
          introError={errors.intro}
          serviceIdsError={errors.serviceIds}
          onChange={set}
        />
        {errors.sections && <Alert color="red">{errors.sections}</Alert>}
        <SortableList
          items={values.sections}
          idOf={(section) => section.id}
          nameOf={sectionName}
          onReorder={(sections) => set({ sections })}
        >
          {(section, index, controls) => (
            <SectionEditor
              section={section}
              number={index + 1}
              errors={errors}
              controls={controls}
              onChange={(changed) =>
                set({ sections: values.sections.map((current, i) => (i === index ? changed : current)) })
              }
              onQuestionChange={changeQuestion}
              onRemove={() => set({ sections: values.sections.filter((_, i) => i !== index) })}
            />
          )}
        </SortableList>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => set({ sections: [...values.sections, blankSection()] })}
        >
          Añadir sección
        </Button>
        {tried && Object.keys(errors).length > 0 && (
          <Alert color="red" role="alert">
            Revisa los campos marcados antes de publicar.
          </Alert>
        )}
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
