import { Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CONSENT_STATE_LABELS, type ConsentTemplate } from '../../../../common/schemas/consents';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useConsentTemplate } from '../api/get-consent-template';
import { useSetConsentTemplateState } from '../api/set-consent-template-state';
import { VersionHistory } from './version-history';

interface ConsentTemplateDrawerProps {
  templateId: string;
  timeZone: string;
  onClose: () => void;
  /** «Publicar versión nueva»: the form, filled with the current version. */
  onNewVersion: (template: ConsentTemplate) => void;
}

/** One template: its state, «Publicar versión nueva», archive or bring back, and its version history. */
export function ConsentTemplateDrawer({ templateId, timeZone, onClose, onNewVersion }: ConsentTemplateDrawerProps) {
  const template = useConsentTemplate(templateId);
  const setState = useSetConsentTemplateState();
  const data = template.data;

  const toggle = async (current: ConsentTemplate) => {
    const state = current.state === 'activa' ? 'archivada' : 'activa';
    try {
      await setState.mutateAsync({ id: current.id, state });
      notifications.show({
        color: 'green',
        message: state === 'archivada' ? 'Plantilla archivada' : 'Plantilla reactivada',
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={data?.title ?? 'Plantilla de consentimiento'}>
      {template.isPending && <LoadingBlock label="Cargando la plantilla" />}
      {template.isError && !data && (
        <LoadErrorAlert
          title="No se ha podido cargar la plantilla"
          error={template.error}
          onRetry={() => void template.refetch()}
        />
      )}
      {data && (
        <Stack>
          <Group gap="xs">
            <Badge color={data.state === 'activa' ? 'teal' : 'gray'} variant="light">
              {CONSENT_STATE_LABELS[data.state]}
            </Badge>
            <Text size="sm">Versión vigente: v{data.currentVersion}</Text>
          </Group>
          {data.state === 'archivada' && (
            <Text size="sm" c="dimmed">
              Archivada: no se ofrecerá para firmar. Reactívala para publicar una versión nueva.
            </Text>
          )}
          <Group>
            <Button onClick={() => onNewVersion(data)} disabled={data.state === 'archivada'}>
              Publicar versión nueva
            </Button>
            <Button variant="default" loading={setState.isPending} onClick={() => void toggle(data)}>
              {data.state === 'activa' ? 'Archivar' : 'Reactivar'}
            </Button>
          </Group>
          <Title order={3} size="h4">
            Historial de versiones
          </Title>
          {/* A new version opens anew, with the version in force unfolded. */}
          <VersionHistory key={data.versions[0]?.id} versions={data.versions} timeZone={timeZone} />
        </Stack>
      )}
    </Drawer>
  );
}
