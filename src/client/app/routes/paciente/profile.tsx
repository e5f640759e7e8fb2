import { PageTitle } from '../../../components/page-title';
import { ProfileForm } from '../../../features/profile/components/profile-form';

export default function ProfilePage() {
  return (
    <>
      <PageTitle>Mi perfil</PageTitle>
      <ProfileForm />
    </>
  );
}
