import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  CONSENT_STATUS_COLORS,
  consentStatusLabel,
  type ConsentStatusItem,
} from '../../common/schemas/consent-signing';

/**
 * The state of a visit's informed consents: «Firmado», «Rechazado», «Revocado», «Pendiente de firma» (before the
 * visit) or «Sin firmar» (once it has started). Nothing when the visit asks for none.
 */
export function ConsentBadges({
  items,
  visitStarted,
  action,
}: {
  items: ConsentStatusItem[];
  visitStarted: boolean;
  /** What may be done with a pending one (the desk's QR code). */
  action?: (item: ConsentStatusItem) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      {items.map((item) => {
        const label = consentStatusLabel(item.status, visitStarted);
        return (
          <Group key={item.requestId} gap={4} wrap="nowrap">
            <Badge
              color={CONSENT_STATUS_COLORS[item.status]}
              variant="light"
              title={item.title}
              aria-label={`Consentimiento «${item.title}»: ${label}`}
            >
              {label}
            </Badge>
            {item.status === 'pendiente' && action?.(item)}
          </Group>
        );
      })}
    </Group>
  );
}
