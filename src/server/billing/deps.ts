import type { Db } from '../platform';
import type { CommunicationsRepositories, CommunicationsCoreDeps } from '../communications';
import { createClinicServicesRepository } from './clinic-services/repository';
import { createInvoicesRepository } from './invoices/repository';
import { createVerifactuRecordsRepository } from './submissions/records-repository';
import { createPaymentsRepository } from './payments/repository';
import { createSubmissionsRepository } from './submissions/repository';
import { createBillingReportsRepository } from './billing-reports/repository';
import { createGoLiveRepository } from './go-live/repository';
import { createVerifactuRecordListRepository } from './invoices/record-list-repository';
import { createBooksRepository } from './books/repository';
import { createOutagesRepository } from './invoices/outages-repository';
import { createBillingModeRepository } from './invoices/billing-mode-repository';
import { createInvoiceCorrectionsRepository } from './invoices/corrections-repository';
import { createInsurersRepository } from './insurers/repository';
import { createQuotesRepository } from './quotes/repository';
import { createOnlinePaymentsRepository } from './online-payments/repository';
import { createPacksRepository } from './packs/repository';
import { createDepositsRepository } from './deposits/repository';
import { createInsurerVisitsRepository } from './insurers/visits-repository';
import { createInsurerSettlementsRepository } from './insurers/settlement-repository';
import { createSettlementsRepository } from './settlements/repository';

/** The billing context's own repositories. */
export function createBillingRepositories(db: Db) {
  return {
    clinicServices: createClinicServicesRepository(db),
    invoices: createInvoicesRepository(db),
    verifactuRecords: createVerifactuRecordsRepository(db),
    payments: createPaymentsRepository(db),
    verifactuSubmissions: createSubmissionsRepository(db),
    billingReports: createBillingReportsRepository(db),
    goLive: createGoLiveRepository(db),
    verifactuRecordList: createVerifactuRecordListRepository(db),
    books: createBooksRepository(db),
    verifactuOutages: createOutagesRepository(db),
    billingMode: createBillingModeRepository(),
    invoiceCorrections: createInvoiceCorrectionsRepository(db),
    insurers: createInsurersRepository(db),
    quotes: createQuotesRepository(db),
    onlinePayments: createOnlinePaymentsRepository(db),
    packs: createPacksRepository(db),
    deposits: createDepositsRepository(db),
    insurerVisits: createInsurerVisitsRepository(db),
    insurerSettlements: createInsurerSettlementsRepository(db),
    settlements: createSettlementsRepository(db),
  };
}

/** The repositories billing code may use: its own and those of the contexts below it. */
export type Repositories = CommunicationsRepositories & ReturnType<typeof createBillingRepositories>;

/** What billing's services are built from (`platform/deps.ts`), with `repos` narrowed to what it may use. */
export type CoreDeps<R extends Repositories = Repositories> = CommunicationsCoreDeps<R>;
