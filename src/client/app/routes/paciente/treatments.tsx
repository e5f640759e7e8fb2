import { PageTitle } from '../../../components/page-title';
import { RequireLinkedRecord } from '../../../features/record-link/components/require-linked-record';
import { MyTreatments } from '../../../features/treatments/components/my-treatments';

export default function TreatmentsPage() {
  return (
    <>
      <PageTitle>Mis tratamientos</PageTitle>
      <RequireLinkedRecord>
        <MyTreatments />
      </RequireLinkedRecord>
    </>
  );
}
