import type { Db } from '../platform';
import type { SchedulingRepositories, SchedulingCoreDeps } from '../scheduling';
import { createPrescriptionsRepository } from './prescriptions/repository';
import { createTreatmentsRepository } from './treatments/repository';
import { createClinicalNotesRepository } from './clinical-notes/repository';
import { createChartRepository } from './chart/repository';
import { createFilesRepository } from './files/repository';
import { createPatientImportRepository } from './patient-import/repository';
import { createClinicExportRepository } from './clinic-export/repository';

/** The clinical context's own repositories. */
export function createClinicalRepositories(db: Db) {
  return {
    prescriptions: createPrescriptionsRepository(db),
    treatments: createTreatmentsRepository(db),
    clinicalNotes: createClinicalNotesRepository(db),
    chart: createChartRepository(db),
    files: createFilesRepository(db),
    patientImports: createPatientImportRepository(db),
    clinicExport: createClinicExportRepository(db),
  };
}

/** The repositories clinical code may use: its own and those of the contexts below it. */
export type Repositories = SchedulingRepositories & ReturnType<typeof createClinicalRepositories>;

/** What clinical's services are built from (`platform/deps.ts`), with `repos` narrowed to what it may use. */
export type CoreDeps<R extends Repositories = Repositories> = SchedulingCoreDeps<R>;
