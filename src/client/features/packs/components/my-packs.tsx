import { Paper, Title } from '@mantine/core';
import { usePatientPacks } from '../../../api/packs';
import { LoadErrorAlert } from '../../../components/load-state';
import { PacksList } from './packs-list';

/** «Mis bonos» in the patient's area: her packs, their sessions used and left and their expiry (nothing when none). */
export function MyPacks({ patientId }: { patientId: string | undefined }) {
  const packs = usePatientPacks(patientId);
  if (packs.isError) return <LoadErrorAlert title="No se han podido cargar tus bonos" error={packs.error} />;
  if (!packs.data?.length) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} mt="lg" component="section" aria-labelledby="my-packs-title">
      <Title order={2} size="h4" mb="sm" id="my-packs-title">
        Mis bonos
      </Title>
      <PacksList packs={packs.data} />
    </Paper>
  );
}
