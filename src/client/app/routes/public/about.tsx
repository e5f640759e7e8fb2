import { Container, List, Stack, Text, Title } from '@mantine/core';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useDocumentTitle } from '../../../components/page-title';
import { useAbout } from '../../../features/invoices/api/about';
import { Declaration } from '../../../features/invoices/components/declaration';

/**
 * «Acerca de»: the program, its version and its producer, and the declaración responsable by which the producer
 * states it meets the law on invoicing systems (RD 1007/2023, Orden HAC/1177/2024): for anyone to read.
 */
export default function AboutPage() {
  useDocumentTitle('Acerca de Clínica');
  const about = useAbout();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Acerca de Clínica</Title>
        {about.isPending && <LoadingBlock label="Cargando" />}
        {about.isError && (
          <LoadErrorAlert title="No se ha podido cargar" error={about.error} onRetry={() => void about.refetch()} />
        )}
        {about.data && (
          <>
            <Text>
              {about.data.system.name} es el programa de gestión de esta clínica: citas, pacientes, historia clínica y
              facturación. Su sistema de facturación es «VERI*FACTU»: envía a la Agencia Tributaria cada registro de
              facturación que genera.
            </Text>
            <List spacing={4}>
              <List.Item>
                Versión: {about.data.system.version} (código del sistema {about.data.system.id})
              </List.Item>
              <List.Item>
                Productor: {about.data.system.producerName}, NIF {about.data.system.producerNif},{' '}
                {about.data.system.producerAddress}
              </List.Item>
            </List>
            <Declaration declaration={about.data.declaration} />
          </>
        )}
      </Stack>
    </Container>
  );
}
