import { Stack, Title } from '@mantine/core';
import { CONSENT_SECTION_LABELS, CONSENT_SECTIONS } from '../../../../common/schemas/consents';
import type { ConsentSigningView } from '../../../../common/schemas/consent-signing';
import { MarkdownView } from './markdown-view';

/** The version's text as it is signed: each section that has text, under its heading. */
export function ConsentText({ version }: { version: ConsentSigningView['version'] }) {
  return (
    <Stack gap="md">
      {CONSENT_SECTIONS.filter((section) => version[section].trim()).map((section) => (
        <section key={section} aria-label={CONSENT_SECTION_LABELS[section]}>
          <Title order={2} size="h4" mb={4}>
            {CONSENT_SECTION_LABELS[section]}
          </Title>
          <MarkdownView source={version[section]} topLevel={2} />
        </section>
      ))}
    </Stack>
  );
}
