import { useParams } from 'react-router';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useSettings } from '../../../features/settings/api/get-settings';
import { useUser } from '../../../features/users/api/get-user';
import { EditUserForm } from '../../../features/users/components/edit-user-form';

export default function EditUserPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const settings = useSettings();
  return (
    <>
      <PageTitle>Editar usuario</PageTitle>
      {user.isError ? (
        <LoadErrorAlert title="No se pudo cargar el usuario" error={user.error} onRetry={() => void user.refetch()} />
      ) : user.isPending ? (
        <LoadingBlock label="Cargando el usuario" />
      ) : (
        <EditUserForm key={user.data.id + user.data.state} user={user.data} timeZone={settings.data?.timeZone ?? 'Europe/Madrid'} />
      )}
    </>
  );
}
