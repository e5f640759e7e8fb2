import { Anchor, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { consentPdfHref } from '../api/get-my-consents';

/** «PDF»: downloads the signed (refused, revoked) consent document of a request. */
export function ConsentPdfLink({ requestId, label }: { requestId: string; label?: string }) {
  return (
    <Anchor href={consentPdfHref(requestId)} size="sm" download aria-label={label}>
      <Group gap={4} component="span">
        <IconDownload size={14} aria-hidden />
        PDF
      </Group>
    </Anchor>
  );
}
