import { transact } from '../../platform';
import type { CoreDeps } from '../deps';

/** Stores an image; answers its row (its id). */
export const storeImage = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  image: { mime: string; content: Buffer; createdBy: string },
) => transact(deps.db, (tx) => deps.repos.images.create(image, tx));

/** The image, if there is one. */
export const findImage = (deps: Pick<CoreDeps, 'repos'>, id: string) => deps.repos.images.find(id);
