import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useImport } from '../api/get-import';
import { ImportHistory } from './import-history';
import { ImportPlan } from './import-plan';
import { ImportProgress } from './import-progress';
import { ImportUpload } from './import-upload';

/** One import: its columns and dry run while it is only uploaded; its progress, outcome and undo after. */
function OpenImport({ id }: { id: string }) {
  const current = useImport(id);
  if (current.isPending) return <LoadingBlock label="Cargando la importación" />;
  if (current.isError)
    return (
      <LoadErrorAlert
        title="No se ha podido cargar la importación"
        error={current.error}
        onRetry={() => void current.refetch()}
      />
    );
  return current.data.status === 'uploaded' ? (
    <ImportPlan key={id} view={current.data} />
  ) : (
    <ImportProgress view={current.data} />
  );
}

/** «Configuración › Importar pacientes»: a new file, the one open (`?importacion=`), and the last ones. */
export function PatientImportPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('importacion');
  return (
    <Stack gap="xl" maw={1100}>
      {open ? (
        <section aria-label="Importación abierta">
          <Anchor component={Link} to="?" size="sm">
            ← Importar otro archivo
          </Anchor>
          <OpenImport id={open} />
        </section>
      ) : (
        <section aria-labelledby="import-new">
          <Title order={2} size="h3" id="import-new" mb="sm">
            Nuevo archivo
          </Title>
          <ImportUpload onUploaded={(view) => setParams({ importacion: view.id })} />
        </section>
      )}
      <section aria-labelledby="import-history">
        <Title order={2} size="h3" id="import-history" mb="sm">
          Importaciones anteriores
        </Title>
        <ImportHistory />
      </section>
    </Stack>
  );
}
