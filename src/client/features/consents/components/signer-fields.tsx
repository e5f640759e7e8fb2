import { Checkbox, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { consentActInputSchema, type Representative } from '../../../../common/schemas/consent-signing';
import { SignaturePad } from './signature-pad';

export interface SignerDraft {
  signerName: string;
  signerDocument: string;
  asRepresentative: boolean;
  representative: Representative;
  method: 'trazo' | 'nombre';
  image: string | null;
  typedName: string;
}

/** A new draft, with the name and the document her record has (she corrects them if they are wrong). */
export const emptySigner = (patientName: string, patientDocument = ''): SignerDraft => ({
  signerName: patientName,
  signerDocument: patientDocument,
  asRepresentative: false,
  representative: { name: '', document: '', relationship: '' },
  method: 'trazo',
  image: null,
  typedName: '',
});

/** Who signs: the patient's name and document, her representative when there is one, and the signature. */
export function SignerFields({
  draft,
  onChange,
  minor,
  errors,
}: {
  draft: SignerDraft;
  onChange: (next: SignerDraft) => void;
  minor: boolean;
  errors: Record<string, string>;
}) {
  const set = (patch: Partial<SignerDraft>) => onChange({ ...draft, ...patch });
  const setRepresentative = (patch: Partial<Representative>) =>
    set({ representative: { ...draft.representative, ...patch } });
  const represented = minor || draft.asRepresentative;
  return (
    <Stack gap="sm">
      <TextInput
        label="Nombre y apellidos del paciente"
        required
        value={draft.signerName}
        onChange={(event) => set({ signerName: event.currentTarget.value })}
        error={errors.signerName}
        autoComplete="name"
      />
      <TextInput
        label="Número de documento del paciente (DNI, NIE o pasaporte)"
        required
        value={draft.signerDocument}
        onChange={(event) => set({ signerDocument: event.currentTarget.value })}
        error={errors.signerDocument}
      />
      <Checkbox
        label={
          minor ? 'El paciente es menor de edad: firma su representante' : 'Firmo como representante legal del paciente'
        }
        checked={represented}
        disabled={minor}
        onChange={(event) => set({ asRepresentative: event.currentTarget.checked })}
      />
      {represented && (
        <Stack gap="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
          <TextInput
            label="Nombre y apellidos del representante"
            required
            value={draft.representative.name}
            onChange={(event) => setRepresentative({ name: event.currentTarget.value })}
            error={errors['representative.name'] ?? errors.representative}
          />
          <TextInput
            label="Documento del representante"
            required
            value={draft.representative.document}
            onChange={(event) => setRepresentative({ document: event.currentTarget.value })}
            error={errors['representative.document']}
          />
          <TextInput
            label="Relación con el paciente"
            placeholder="Madre, padre, tutor legal…"
            required
            value={draft.representative.relationship}
            onChange={(event) => setRepresentative({ relationship: event.currentTarget.value })}
            error={errors['representative.relationship']}
          />
        </Stack>
      )}
      <SegmentedControl
        aria-label="Cómo firmar"
        value={draft.method}
        onChange={(value) => set({ method: value as SignerDraft['method'] })}
        data={[
          { value: 'trazo', label: 'Dibujar la firma' },
          { value: 'nombre', label: 'Escribir mi nombre' },
        ]}
      />
      {draft.method === 'trazo' ? (
        <SignaturePad
          label={represented ? 'Firma del representante' : 'Tu firma'}
          onChange={(image) => set({ image })}
        />
      ) : (
        <TextInput
          label="Escribe tu nombre completo como firma"
          required
          value={draft.typedName}
          onChange={(event) => set({ typedName: event.currentTarget.value })}
          error={errors.signature}
        />
      )}
      {draft.method === 'trazo' && errors.signature && (
        <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 14 }}>
          {errors.signature}
        </div>
      )}
    </Stack>
  );
}

/** The request body of a draft: the representative only when there is one. */
export function signerInput(draft: SignerDraft, minor: boolean) {
  const represented = minor || draft.asRepresentative;
  return {
    signerName: draft.signerName,
    signerDocument: draft.signerDocument,
    asRepresentative: represented,
    ...(represented ? { representative: draft.representative } : {}),
    signature:
      draft.method === 'trazo'
        ? { method: 'trazo' as const, image: draft.image ?? '' }
        : { method: 'nombre' as const, typedName: draft.typedName },
  };
}

/**
 * What is missing or wrong in a draft, every field at once (a field's first message), checked with the server's own
 * schema before sending. The signature's messages (`signature.image`, `signature.typedName`) are the pad's.
 */
export function signerErrors(draft: SignerDraft, minor: boolean): Record<string, string> {
  const result = consentActInputSchema.safeParse(signerInput(draft, minor));
  return result.success ? {} : fieldMessages(result.error.issues);
}

/** Messages by field as the form names them, from zod issues or the server's `fields`. */
export function fieldMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { path, message } of issues) {
    const key = path[0] === 'signature' ? 'signature' : path.map(String).join('.');
    fields[key] ??= message;
  }
  return fields;
}
