import { PageTitle } from '../../../components/page-title';
import { ProductionView } from '../../../features/production/components/production-view';

/** «Mi producción» (issue 23): the doctor's own services performed and invoiced in a period. */
export default function ProductionPage() {
  return (
    <>
      <PageTitle>Mi producción</PageTitle>
      <ProductionView />
    </>
  );
}
