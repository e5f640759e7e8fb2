import type { TestApp } from '../../test/app';

/** Fixtures of the billing rows: the clinic's issuer, an invoice per side, and one for the desk to cancel. */
export interface InvoicesWorld {
  /** Simplified invoices of patient A and patient B, and their numbers (what a list must or must not show). */
  A: { id: string; number: string };
  B: { id: string; number: string };
  toCancel: string;
}

export async function buildInvoicesWorld(
  t: TestApp,
  ids: { adminId: string; recordA: string; recordB: string },
): Promise<InvoicesWorld> {
  await t.write((tx) =>
    t.deps.repos.clinic.updateSettings(
      {
        issuerLegalName: 'Clínica Matriz, S.L.',
        issuerNif: 'B12345674',
        issuerAddress: 'Calle de la Matriz 1, 28001 Madrid',
        issuerRegistry: '',
      },
      tx,
    ),
  );
  const invoice = async (patientId: string, description: string) => {
    const patient = await t.deps.repos.patients.findById(patientId);
    const issued = await t.deps.invoicing.issue(
      {
        patientId,
        appointmentIds: [],
        lines: [{ description, quantity: 1, unitPriceCents: 5000, vat: 'exenta' }],
        kind: 'simplificada',
      },
      patient!,
      { actor: { id: ids.adminId, role: 'admin' }, ip: '127.0.0.1' },
    );
    return { id: issued.id, number: issued.number };
  };
  return {
    A: await invoice(ids.recordA, 'Informe médico de la paciente A'),
    B: await invoice(ids.recordB, 'Informe médico de la paciente B'),
    toCancel: (await invoice(ids.recordA, 'Factura que la recepción anula')).id,
  };
}
