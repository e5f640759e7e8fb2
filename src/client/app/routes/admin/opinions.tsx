import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../../common/paths';
import { OpinionsView } from '../../../features/opinions/components/opinions-view';

/** «Opiniones» (issue 38, item 3): the after-visit survey's ratings and answers of the whole clinic. */
export default function AdminOpinionsPage() {
  return (
    <>
      <PageTitle>Opiniones</PageTitle>
      <OpinionsView patientHref={paths.admin.patient} />
    </>
  );
}
