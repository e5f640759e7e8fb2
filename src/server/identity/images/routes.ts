import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { AppError, notFound } from '../../platform';
import { requireUser } from '../../access';
import { findImage, storeImage } from './use-cases';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The real type of an image, read from its first bytes (never from its name or declared type). */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export const imagesRoutes: RoutePlugin = async (app, deps) => {
  app.post(
    api.images,
    {
      config: { access: 'upload:images' },
      schema: { response: { 201: z.object({ id: z.string(), url: z.string() }) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_FILE', 'Envía la imagen como archivo (multipart/form-data).');
      }
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'VALIDATION', 'No se ha recibido ninguna imagen.');
      const content = await file.toBuffer().catch(() => {
        throw new AppError(413, 'BODY_TOO_LARGE', 'La imagen no puede superar los 2 MB.');
      });
      if (file.file.truncated) throw new AppError(413, 'BODY_TOO_LARGE', 'La imagen no puede superar los 2 MB.');
      const mime = sniffImage(content);
      if (!mime) throw new AppError(415, 'UNSUPPORTED_FILE', 'La imagen debe ser PNG, JPEG o WebP.');
      const { id } = await storeImage(deps, { mime, content, createdBy: user.id });
      return reply.status(201).send({ id, url: api.image(id) });
    },
  );

  // Logos and doctors' photos: the public pages show them.
  app.get(
    api.image(':id'),
    { config: { access: 'public' }, schema: { params: z.object({ id: z.uuid({ error: 'Imagen no encontrada' }) }) } },
    async (request, reply) => {
      const image = await findImage(deps, request.params.id);
      if (!image) throw notFound('Imagen no encontrada');
      return reply
        .header('Content-Type', image.mime)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(image.content);
    },
  );
};
