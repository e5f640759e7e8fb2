import sharp from 'sharp';
import { mine, only, signedIn, type MatrixEntry } from './helpers';

const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0b7285' } })
  .png()
  .toBuffer();
const photoUpload = Buffer.concat([
  Buffer.from(
    '--matriz\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n',
  ),
  photo,
  Buffer.from('\r\n--matriz--\r\n'),
]);

/** Rows of the profile's own routes and of the patient's data export. */
export const PROFILE_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/profile/photo': {
    expect: signedIn(),
    payload: () => photoUpload,
    headers: { 'content-type': 'multipart/form-data; boundary=matriz' },
    shows: () => ['/api/images/'],
  },
  'POST /api/profile/password': {
    // A right password would end the other sessions the matrix uses: the refusal still proves who gets in.
    label: 'a wrong current password is refused to every signed-in user',
    expect: signedIn(400),
    payload: () => ({ currentPassword: 'no-es-la-clave-1', newPassword: 'otra-clave-segura-2' }),
  },
  'GET /api/me/data-export': {
    expect: only(['paciente']),
    shows: (w, actor) => [mine(w, actor).recordId, mine(w, actor).email],
  },
};

PROFILE_MATRIX['PATCH /api/me/patient/contact'] = {
  expect: only(['paciente']),
  payload: () => ({ address: 'Calle Mayor 1, Madrid' }),
  shows: (w, actor) => [mine(w, actor).recordId],
};
