import { PageTitle } from '../../../components/page-title';
import { useSettings } from '../../../features/settings/api/get-settings';
import { UsersWorkspace } from '../../../features/users/components/users-workspace';

export default function UsersPage() {
  const settings = useSettings();
  return (
    <>
      <PageTitle>Usuarios</PageTitle>
      <UsersWorkspace timeZone={settings.data?.timeZone ?? 'Europe/Madrid'} />
    </>
  );
}
