import { Alert, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { MyDocuments } from '../../../features/files/components/my-documents';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { MySecondFactorCard } from '../../../features/second-factor/components/my-second-factor-card';
import { DataExportCard } from '../../../features/profile/components/data-export-card';
import { MyContactForm } from '../../../features/profile/components/my-contact-form';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { ProfilePhoto } from '../../../features/profile/components/profile-photo';
import { useRecordLink } from '../../../features/record-link/api/get-record-link';
import { useClinicTimeZone } from '../../../api/clinic';
import { OpenSessionsCard } from '../../../features/sessions/components/open-sessions-card';
import { MyChannelCard } from '../../../features/channels/components/my-channel-card';

export default function ProfilePage() {
  const recordLink = useRecordLink();
  const timeZone = useClinicTimeZone().data ?? 'Europe/Madrid';
  return (
    <>
      <PageTitle>Mi perfil</PageTitle>
      <Stack>
        <ProfilePhoto />
        <ProfileForm withPhone={recordLink.isSuccess && recordLink.data?.status !== 'linked'} />
        <ChangePasswordForm />
        <MySecondFactorCard />
        <OpenSessionsCard timeZone={timeZone} />
        {recordLink.data?.status === 'linked' && <MyContactForm />}
        {recordLink.data?.status === 'linked' && <MyChannelCard timeZone={timeZone} />}
        {recordLink.data?.status === 'linked' && <DataExportCard />}
        <MyDocuments />
        {recordLink.data?.status === 'pending' && (
          <Alert color="yellow" title="Tus datos">
            Podrás descargar tus datos cuando confirmes tu correo con el enlace que te hemos enviado.
          </Alert>
        )}
      </Stack>
    </>
  );
}
