import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { allergyConflicts } from '../../../common/allergies';
import type { prescriptionCreateSchema } from '../../../common/schemas/prescriptions';
import {
  AppError,
  audited,
  clock,
  dateInZone,
  notFound,
  pgConstraint,
  readClinicSettings,
  type AuditContext,
  type AuditEntry,
} from '../../platform';
import type { CoreDeps } from '../deps';
import type { PrescriptionView } from './repository';
import { newVerificationCode } from './verification-code';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

export const PRESCRIPTION_NOT_FOUND = 'Receta no encontrada';

/** The clinic's day by `clock`: what a prescription's validity is measured against. */
export const clinicToday = async (deps: Pick<CoreDeps, 'repos'>) =>
  dateInZone(clock.now(), (await readClinicSettings(deps)).timeZone);

/** The medicines the doctor prescribed lately, each with its latest posology (the form's quick pick). */
export const recentMedicinesOf = (deps: Pick<CoreDeps, 'repos'>, doctorId: string) =>
  deps.repos.prescriptions.recentMedicines(doctorId);

/**
 * Writes a prescription, audited. The recorded allergies are checked against each medicine (src/common/allergies.ts,
 * as the form warned): a conflict needs the doctor's reason, kept with the prescription and on the audit trail.
 */
export async function prescribe(
  deps: Deps,
  order: {
    patient: { id: string; allergies: string };
    doctorId: string;
    input: z.infer<typeof prescriptionCreateSchema>;
    audit: AuditContext;
  },
): Promise<PrescriptionView> {
  const { patient, doctorId, input, audit } = order;
  const conflicts = allergyConflicts(
    patient.allergies,
    input.medicines.map((item) => item.medicine),
  ).map(({ medicine, allergy, kind, message }) => ({ medicine, allergy, kind, message }));
  const { allergyOverrideReason, ...fields } = input;
  if (conflicts.length > 0 && !allergyOverrideReason) {
    const [first] = conflicts;
    throw new AppError(
      409,
      'ALLERGY_CONFLICT',
      `Alergia registrada: «${first!.medicine}» choca con «${first!.allergy}». ${first!.message} Para recetarlo, indica el motivo.`,
      {
        allergyOverrideReason: 'Indica por qué lo recetas pese a la alergia',
      },
    );
  }
  const create = () =>
    audited(
      deps.db,
      (tx) =>
        deps.repos.prescriptions.create(
          {
            ...fields,
            doctorId,
            verificationCode: newVerificationCode(),
            allergyConflicts: conflicts,
            // A reason without a conflict is not kept: there was nothing to acknowledge.
            allergyOverrideReason: conflicts.length > 0 ? allergyOverrideReason : null,
          },
          tx,
        ),
      (created): AuditEntry => ({
        ...audit,
        action: 'create',
        entity: 'prescription',
        entityId: created.id,
        patientId: patient.id,
        ...(conflicts.length > 0 && {
          details: {
            allergyOverride: {
              reason: allergyOverrideReason,
              conflicts: conflicts.map(({ medicine, allergy, kind }) => ({ medicine, allergy, kind })),
            },
          },
        }),
      }),
    );
  try {
    return await create();
  } catch (error) {
    // A code drawn twice (one in ~10¹² per pair): draw again once.
    if (pgConstraint(error) === 'prescriptions_verification_code_key') return create();
    throw error;
  }
}

/** Cancels a prescription the scope reaches (404 otherwise), audited; 409 when it was cancelled already. */
export const cancelPrescription = (
  deps: Deps,
  scope: Pick<FastifyRequest['scope'], 'prescriptions'>,
  cancel: { id: string; reason: string; by: string },
  entry: (view: PrescriptionView) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const current = await scope.prescriptions.findById(cancel.id, tx);
      if (!current) throw notFound(PRESCRIPTION_NOT_FOUND);
      const updated = await deps.repos.prescriptions.cancel(current.id, cancel.reason, cancel.by, tx);
      if (!updated) throw new AppError(409, 'CONFLICT', 'Esta receta ya está anulada');
      return updated;
    },
    entry,
  );
