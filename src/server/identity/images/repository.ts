import { eq } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { images } from '../../platform';

export function createImagesRepository(db: Db) {
  return {
    async create(input: { mime: string; content: Buffer; createdBy: string }, tx: Tx) {
      const [row] = await tx
        .insert(images)
        .values({ ...input, size: input.content.length })
        .returning({ id: images.id });
      return row!;
    },
    async find(id: string, tx: Db = db) {
      const [row] = await tx.select().from(images).where(eq(images.id, id));
      return row;
    },
  };
}
