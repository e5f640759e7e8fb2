import type { RoutePlugin } from '../route-deps';
import sharp from 'sharp';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { profileSchema } from '../../../common/schemas/auth';
import { changePasswordSchema, WRONG_CURRENT_PASSWORD } from '../../../common/schemas/profile';
import { AppError, pgErrorCode } from '../../platform';
import { requireUser } from '../../access';
import { presentProfile } from '../auth/presenters';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { MAX_IMAGE_BYTES, sniffImage } from '../images/routes';
import { changeOwnPassword, findOwnAccount, setOwnPhoto } from './use-cases';
import { changeOriginOf } from '../second-factor/service';

/** Profile photos are stored square, small and in one format, whatever the camera produced. */
export const PHOTO_SIZE = 256;
const PHOTO_TOO_LARGE = 'La foto no puede superar los 2 MB.';

/** Crops the centre square (faces sit there more often than in a corner) and resizes it to WebP. */
export function squarePhoto(content: Buffer): Promise<Buffer> {
  return sharp(content, { failOn: 'error' })
    .rotate()
    .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

/** The signed-in user's own photo and password (the rest of the profile is `PATCH /api/profile`). */
export const profileAccountRoutes: RoutePlugin = async (app, deps) => {
  app.post(
    api.profilePhoto,
    {
      config: { access: 'manage:profile', rateLimit: deps.config.limits.profilePhoto },
      schema: { response: { 200: profileSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_FILE', 'Envía la foto como archivo (multipart/form-data).');
      }
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'VALIDATION', 'No se ha recibido ninguna foto.');
      const content = await file.toBuffer().catch(() => {
        throw new AppError(413, 'BODY_TOO_LARGE', PHOTO_TOO_LARGE);
      });
      if (file.file.truncated) throw new AppError(413, 'BODY_TOO_LARGE', PHOTO_TOO_LARGE);
      if (!sniffImage(content))
        throw new AppError(415, 'UNSUPPORTED_FILE', 'La foto debe ser una imagen PNG, JPEG o WebP.');
      const photo = await squarePhoto(content).catch(() => {
        throw new AppError(415, 'UNSUPPORTED_FILE', 'No se ha podido leer la imagen. Prueba con otra foto.');
      });
      try {
        const profile = await setOwnPhoto(deps, user.id, photo);
        if (!profile) throw new AppError(503, 'PROFILE_UPDATE_FAILED');
        return presentProfile(profile);
      } catch (error) {
        if (error instanceof AppError) throw error;
        app.log.error({ code: pgErrorCode(error) }, 'profile photo failed');
        throw new AppError(503, 'PROFILE_UPDATE_FAILED');
      }
    },
  );

  app.post(
    api.profilePassword,
    {
      config: { access: 'manage:profile', stepUp: true, rateLimit: deps.config.limits.passwordChange },
      schema: { body: changePasswordSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      const user = requireUser(request);
      const account = await findOwnAccount(deps, user.id);
      if (!account || !(await verifyPassword(account.passwordHash, request.body.currentPassword))) {
        throw new AppError(400, 'VALIDATION', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      // Whoever knew the old password is signed out everywhere else; this session stays. A reset link asked
      // for before the change must not reset the new password.
      await changeOwnPassword(deps, user, passwordHash, changeOriginOf(request));
      return { ok: true as const };
    },
  );
};
