import { PageTitle } from '../../../components/page-title';
import { ProductionView } from '../../../features/production/components/production-view';
import { MySettlements } from '../../../features/settlements/components/my-settlements';

/** «Mi producción» (issue 23): the doctor's own services performed and invoiced in a period, and her settlements. */
export default function ProductionPage() {
  return (
    <>
      <PageTitle>Mi producción</PageTitle>
      <ProductionView />
      <MySettlements />
    </>
  );
}
