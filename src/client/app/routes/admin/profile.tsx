import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useClinicTimeZone } from '../../../api/clinic';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { ProfilePhoto } from '../../../features/profile/components/profile-photo';
import { MySecondFactorCard } from '../../../features/second-factor/components/my-second-factor-card';
import { OpenSessionsCard } from '../../../features/sessions/components/open-sessions-card';

/** /admin/perfil: the admin's own account — name, photo, password, second factor and «Sesiones abiertas» (issue 21). */
export default function AdminProfilePage() {
  const timeZone = useClinicTimeZone().data ?? 'Europe/Madrid';
  return (
    <>
      <PageTitle>Mi perfil</PageTitle>
      <Stack>
        <ProfilePhoto />
        <ProfileForm />
        <ChangePasswordForm />
        <MySecondFactorCard />
        <OpenSessionsCard timeZone={timeZone} />
      </Stack>
    </>
  );
}
