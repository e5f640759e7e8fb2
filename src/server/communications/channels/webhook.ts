import { z } from 'zod';

const webhookSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                statuses: z
                  .array(
                    z.object({
                      id: z.string().min(1).max(200),
                      status: z.string().min(1).max(40),
                      errors: z.array(z.object({ code: z.union([z.number(), z.string()]) })).optional(),
                    }),
                  )
                  .optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/**
 * The status changes of a WhatsApp webhook (sent, delivered, read, failed with its error code); the other
 * notifications (incoming messages) carry none. Null when the body is not such a notification.
 */
export function whatsAppStatuses(raw: string): { id: string; status: string; errorCode: string | null }[] | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  return parsed.data.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.statuses ?? []).map((status) => ({
        id: status.id,
        status: status.status,
        errorCode: status.errors?.[0] ? String(status.errors[0].code) : null,
      })),
    ),
  );
}
