import { Anchor, Code, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { VerifactuMode } from '../../../../common/schemas/verifactu';

/** SistemaInformatico as every record names it: the software's producer, the product, its version, this install. */
export function SystemSummary({ system }: { system: VerifactuMode['system'] }) {
  return (
    <>
      <List size="sm" spacing={4}>
        <List.Item>
          Productor del programa: {system.producerName} (NIF {system.producerNif})
        </List.Item>
        <List.Item>
          Sistema: {system.name} (código {system.id}), versión {system.version}
        </List.Item>
        <List.Item>
          Número de instalación: <Code style={{ overflowWrap: 'anywhere' }}>{system.installationNumber}</Code>
        </List.Item>
      </List>
      <Text size="sm" mt="xs">
        <Anchor component={Link} to={paths.about}>
          Declaración responsable del productor
        </Anchor>
      </Text>
    </>
  );
}
