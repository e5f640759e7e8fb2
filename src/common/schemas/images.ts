import { z } from 'zod';
import { api } from '../api-paths';

const OWN_IMAGE = new RegExp(`^${api.images}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);

/**
 * A picture shown on the clinic's pages (a profile photo, a doctor's photo, the logo): empty, or an image
 * uploaded to the clinic (`/api/images/<id>`). Another site's address (`https://…`, `//host/…`) is refused:
 * every page showing it would tell that site who looked, and what it serves may change at any time.
 */
export const ownImageUrlSchema = (message: string) =>
  z
    .string()
    .trim()
    .refine((url) => url === '' || OWN_IMAGE.test(url), message);
