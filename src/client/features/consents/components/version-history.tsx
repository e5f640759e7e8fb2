import { Accordion, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { CONSENT_SECTION_LABELS, CONSENT_SECTIONS, type ConsentVersion } from '../../../../common/schemas/consents';
import { formatDateTime } from '../../../lib/dates';
import { MarkdownView } from './markdown-view';

/** One version's text exactly as it was published, section by section, read-only. */
function VersionText({ version }: { version: ConsentVersion }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        <strong>Servicios:</strong> {version.services.map((service) => service.name).join(', ')}
      </Text>
      {CONSENT_SECTIONS.filter((section) => version[section].trim()).map((section) => (
        <section key={section}>
          <Title order={5} size="h6" mb={4}>
            {CONSENT_SECTION_LABELS[section]}
          </Title>
          <MarkdownView source={version[section]} topLevel={6} />
        </section>
      ))}
    </Stack>
  );
}

/** «Historial de versiones»: every published version, the latest (the one in force) first and open. */
export function VersionHistory({ versions, timeZone }: { versions: ConsentVersion[]; timeZone: string }) {
  return (
    <Accordion variant="separated" order={4} defaultValue={versions[0]?.id ?? null}>
      {versions.map((version, index) => (
        <Accordion.Item key={version.id} value={version.id}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} span>
                v{version.number} · {version.title}
              </Text>
              {index === 0 && (
                <Badge variant="light" color="teal">
                  Vigente
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" span display="block">
              Publicada el {formatDateTime(version.publishedAt, timeZone)}
              {version.createdBy ? ` por ${version.createdBy}` : ''}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <VersionText version={version} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
