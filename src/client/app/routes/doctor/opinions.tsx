import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../../common/paths';
import { OpinionsView } from '../../../features/opinions/components/opinions-view';

/** «Opiniones» (issue 38, item 3): what her patients answered about her own visits. */
export default function DoctorOpinionsPage() {
  return (
    <>
      <PageTitle>Opiniones</PageTitle>
      <OpinionsView patientHref={paths.doctor.patient} />
    </>
  );
}
