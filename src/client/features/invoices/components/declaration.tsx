import { Stack, Text, Title } from '@mantine/core';
import type { About } from '../../../../common/schemas/verifactu';

/**
 * The declaración responsable (Orden HAC/1177/2024, art. 13), point by point as the producer signs it for this
 * version: shown in Configuración and in «Acerca de», the same text as docs/declaracion-responsable.md.
 */
export function Declaration({
  declaration,
  headingOrder = 2,
}: {
  declaration: About['declaration'];
  headingOrder?: 2 | 3;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={declaration.title}>
      <Title order={headingOrder} size="h4">
        {declaration.title}
      </Title>
      <Stack gap="xs" component="dl" m={0}>
        {declaration.items.map((item) => (
          <div key={item.key}>
            <Text component="dt" fw={700} size="sm">
              {item.key}) {item.label}
            </Text>
            <Text component="dd" size="sm" ml={0} style={{ overflowWrap: 'anywhere' }}>
              {item.text}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
