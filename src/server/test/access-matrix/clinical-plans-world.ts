import type { TestApp } from '../app';

/** One side's prescriptions and treatment, written by that side's doctor. */
export interface PlanSide {
  prescriptionId: string;
  /** Cancelled by that side's doctor in the matrix (the others must be refused first). */
  prescriptionToCancel: string;
  treatmentId: string;
}
export interface PlansWorld {
  A: PlanSide;
  B: PlanSide;
}

interface SideInput {
  recordId: string;
  appointmentId: string;
  secrets: string[];
}

/** Prescriptions and a treatment per side; their ids and contents join that side's secrets. */
export async function buildPlansWorld(
  t: TestApp,
  sides: { A: SideInput; B: SideInput },
  doctorCookies: { A: string; B: string },
): Promise<PlansWorld> {
  const build = async (letter: 'A' | 'B'): Promise<PlanSide> => {
    const side = sides[letter];
    const cookie = doctorCookies[letter];
    const post = async (url: string, payload: object) => {
      const response = await t.request({ method: 'POST', url, cookie, payload });
      if (response.statusCode !== 201) throw new Error(`${url} for side ${letter}: ${response.body}`);
      return response.json().id as string;
    };
    const medicine = `Medicamento ${letter} matriz 5 mg comprimidos`;
    const diagnosis = `Diagnóstico reservado ${letter}`;
    const treatmentId = await post('/api/treatments', {
      patientId: side.recordId,
      title: `Tratamiento ${letter} matriz`,
      diagnosis,
      startDate: '2030-01-07',
      sessionsPlanned: 4,
    });
    const prescription = (extra: object = {}) =>
      post('/api/prescriptions', {
        patientId: side.recordId,
        prescribedOn: '2030-01-07',
        diagnosis,
        medicines: [
          { medicine, dose: '1', route: 'oral', frequency: 'cada 12 horas', duration: '3 días', quantity: '1 envase' },
        ],
        ...extra,
      });
    const plan = {
      prescriptionId: await prescription({ treatmentId }),
      prescriptionToCancel: await prescription(),
      treatmentId,
    };
    side.secrets.push(plan.prescriptionId, plan.prescriptionToCancel, plan.treatmentId, medicine, diagnosis);
    return plan;
  };
  return { A: await build('A'), B: await build('B') };
}
