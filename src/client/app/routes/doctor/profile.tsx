import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { CalendarFeedCard } from '../../../features/calendar-feeds/components/calendar-feed-card';
import { MyDoctorCard } from '../../../features/profile/components/my-doctor-card';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { ProfilePhoto } from '../../../features/profile/components/profile-photo';

export default function ProfilePage() {
  return (
    <>
      <PageTitle>Mi perfil</PageTitle>
      <Stack>
        <ProfilePhoto />
        <ProfileForm />
        <MyDoctorCard />
        <CalendarFeedCard />
        <ChangePasswordForm />
      </Stack>
    </>
  );
}
