import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import {
  CONSENT_SECTION_HINTS,
  CONSENT_SECTION_LABELS,
  CONSENT_SECTIONS,
  type ConsentSection,
  type ConsentTemplate,
  type ConsentVersionInput,
} from '../../../../common/schemas/consents';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useCreateConsentTemplate } from '../api/create-consent-template';
import { usePublishConsentVersion } from '../api/publish-consent-version';
import { MarkdownField } from './markdown-field';

interface ConsentFormModalProps {
  /** The template whose next version this is; none for a new template (its version 1). */
  template: ConsentTemplate | null;
  services: ClinicService[];
  onClose: () => void;
  /** After publishing: the template's id. */
  onPublished: (id: string) => void;
}

type Values = ConsentVersionInput;

const valuesOf = (template: ConsentTemplate | null): Values => {
  const current = template?.versions[0];
  return {
    title: current?.title ?? '',
    serviceIds: current?.services.map((service) => service.id) ?? [],
    body: current?.body ?? '',
    consequences: current?.consequences ?? '',
    risks: current?.risks ?? '',
    alternatives: current?.alternatives ?? '',
  };
};

/** Services to choose by specialty: the active ones, and any the current version names (shown as it was). */
function serviceOptions(services: ClinicService[], chosen: string[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const service of services.filter((row) => row.active || chosen.includes(row.id))) {
    const items = groups.get(service.specialty) ?? [];
    items.push({ value: service.id, label: service.active ? service.name : `${service.name} (desactivado)` });
    groups.set(service.specialty, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** Writes a template's next version (or its first) and publishes it: a published version is never edited. */
export function ConsentFormModal({ template, services, onClose, onPublished }: ConsentFormModalProps) {
  const [values, setValues] = useState(() => valuesOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateConsentTemplate();
  const publish = usePublishConsentVersion();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  // One function per section, the same from one change to the next: typing in a section draws again only its own
  // field and preview (each measures its text box when drawn), not the other three.
  const setSection = useMemo(
    () =>
      Object.fromEntries(
        CONSENT_SECTIONS.map((section) => [
          section,
          (value: string) => setValues((current) => ({ ...current, [section]: value })),
        ]),
      ) as Record<ConsentSection, (value: string) => void>,
    [],
  );
  const next = template ? template.currentVersion + 1 : 1;

  const save = async () => {
    setErrors({});
    try {
      const saved = template
        ? await publish.mutateAsync({ id: template.id, input: values })
        : await create.mutateAsync(values);
      notifications.show({ color: 'green', message: `Versión ${saved.currentVersion} publicada` });
      onPublished(saved.id);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="90rem"
      title={template ? `Versión ${next} de «${template.title}»` : 'Nueva plantilla de consentimiento'}
    >
      <form
        noValidate
        aria-label="Plantilla de consentimiento"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Se publica como versión {next}. Una versión publicada no se modifica: cada cambio publica una nueva. El
            texto admite títulos (#), listas (- o 1.), **negrita** y *cursiva*.
          </Text>
          <TextInput
            label="Título"
            required
            data-autofocus
            value={values.title}
            error={errors.title}
            onChange={(event) => set('title', event.currentTarget.value)}
          />
          <MultiSelect
            label="Servicios a los que se aplica"
            required
            searchable
            data={serviceOptions(services, values.serviceIds)}
            value={values.serviceIds}
            error={errors.serviceIds}
            nothingFoundMessage="Ningún servicio con ese nombre"
            onChange={(value) => set('serviceIds', value)}
          />
          {CONSENT_SECTIONS.map((section) => (
            <MarkdownField
              key={section}
              label={CONSENT_SECTION_LABELS[section]}
              description={CONSENT_SECTION_HINTS[section]}
              required={section === 'body' || section === 'risks'}
              value={values[section]}
              error={errors[section]}
              onChange={setSection[section]}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || publish.isPending}>
              Publicar versión
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
