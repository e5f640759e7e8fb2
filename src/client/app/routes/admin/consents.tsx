import { Button, EmptyState, Paper, Text } from '@mantine/core';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConsentTemplate } from '../../../../common/schemas/consents';
import { useClinicServices } from '../../../api/clinic-services';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { useConsentTemplates } from '../../../features/consents/api/get-consent-templates';
import { ConsentFormModal } from '../../../features/consents/components/consent-form-modal';
import { ConsentTemplateDrawer } from '../../../features/consents/components/consent-template-drawer';
import { ConsentTemplatesTable } from '../../../features/consents/components/consent-templates-table';

/** The form's template: `null` writes a new one; a template, its next version. */
type Editing = { template: ConsentTemplate | null } | null;

/** «Consentimientos» (issue 24, item 1): informed-consent templates, versioned, and the services they apply to. */
export default function ConsentsPage() {
  const templates = useConsentTemplates();
  const services = useClinicServices();
  const timeZone = useClinicZone();
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <>
      <PageTitle
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ template: null })}>
            Nueva plantilla
          </Button>
        }
      >
        Consentimientos
      </PageTitle>
      <Text c="dimmed" mb="md" maw={760}>
        Las plantillas del consentimiento informado que firmará el paciente antes de cada servicio (Ley 41/2002): en qué
        consiste, sus consecuencias, sus riesgos y las alternativas. Una versión publicada no cambia nunca; cada cambio
        publica una versión nueva y las anteriores quedan en el historial.
      </Text>
      {templates.isPending && <LoadingBlock label="Cargando las plantillas" />}
      {templates.isError && !templates.data && (
        <LoadErrorAlert
          title="No se han podido cargar las plantillas"
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      )}
      {templates.data && (
        <Paper withBorder>
          {templates.data.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconFileCertificate size={32} stroke={1.5} />}
              title="Aún no hay plantillas de consentimiento"
              description="Crea la primera con «Nueva plantilla» y elige los servicios a los que se aplica."
            />
          ) : (
            <ConsentTemplatesTable templates={templates.data} timeZone={timeZone} onOpen={setOpenId} />
          )}
        </Paper>
      )}
      {openId && !editing && (
        <ConsentTemplateDrawer
          templateId={openId}
          timeZone={timeZone}
          onClose={() => setOpenId(null)}
          onNewVersion={(template) => setEditing({ template })}
        />
      )}
      {editing && (
        <ConsentFormModal
          key={editing.template?.id ?? 'new'}
          template={editing.template}
          services={services.data ?? []}
          onClose={() => setEditing(null)}
          onPublished={(id) => {
            setEditing(null);
            setOpenId(id);
          }}
        />
      )}
    </>
  );
}
