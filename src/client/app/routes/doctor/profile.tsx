import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { CalendarFeedCard } from '../../../features/calendar-feeds/components/calendar-feed-card';
import { MyDoctorCard } from '../../../features/profile/components/my-doctor-card';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { MySecondFactorCard } from '../../../features/second-factor/components/my-second-factor-card';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { ProfilePhoto } from '../../../features/profile/components/profile-photo';
import { useClinicTimeZone } from '../../../api/clinic';
import { OpenSessionsCard } from '../../../features/sessions/components/open-sessions-card';

export default function ProfilePage() {
  const timeZone = useClinicTimeZone().data ?? 'Europe/Madrid';
  return (
    <>
      <PageTitle>Mi perfil</PageTitle>
      <Stack>
        <ProfilePhoto />
        <ProfileForm />
        <MyDoctorCard />
        <CalendarFeedCard />
        <ChangePasswordForm />
        <MySecondFactorCard />
        <OpenSessionsCard timeZone={timeZone} />
      </Stack>
    </>
  );
}
