import { z } from 'zod';
import { clipped, senderNumber, type InboundMessage } from './inbound';

const text = (max: number) => z.string().max(max);

/** One incoming message of the Cloud API (`value.messages[]`): the kinds a patient may send. */
const messageSchema = z.object({
  id: z.string().min(1).max(200),
  from: z.string().min(1).max(40),
  type: z.string().max(40).default('text'),
  text: z.object({ body: text(10_000) }).optional(),
  /** A tap on a template's quick-reply button. */
  button: z.object({ text: text(200).optional(), payload: text(1000).optional() }).optional(),
  /** A tap on an interactive message's button or list row. */
  interactive: z
    .object({
      button_reply: z.object({ id: text(256).optional(), title: text(200) }).optional(),
      list_reply: z.object({ id: text(256).optional(), title: text(200) }).optional(),
    })
    .optional(),
  reaction: z.object({ emoji: text(40).optional() }).optional(),
  /** The message she answered (WhatsApp's «responder» on one of ours). */
  context: z.object({ id: text(200).optional() }).optional(),
});

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
                messages: z.array(messageSchema).max(100).optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** What a message without text shows in the inbox (the desk reads it in WhatsApp's own apps, if at all). */
const NO_TEXT: Record<string, string> = {
  image: '[Imagen]',
  audio: '[Audio]',
  video: '[Vídeo]',
  document: '[Documento]',
  sticker: '[Sticker]',
  location: '[Ubicación]',
  contacts: '[Contacto]',
};

function textOf(message: z.infer<typeof messageSchema>): string {
  const said =
    message.text?.body ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    message.button?.text ??
    message.button?.payload ??
    message.reaction?.emoji;
  return clipped(said?.trim() || NO_TEXT[message.type] || '[Mensaje de WhatsApp sin texto]');
}

export interface WhatsAppNotification {
  /** The status changes of our messages: sent, delivered, read, failed with its error code. */
  statuses: { id: string; status: string; errorCode: string | null }[];
  /** The messages patients sent to the clinic's number. */
  messages: InboundMessage[];
}

/** A WhatsApp webhook's statuses and incoming messages; null when the body is not such a notification. */
export function whatsAppNotification(raw: string): WhatsAppNotification | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  const values = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value));
  return {
    statuses: values.flatMap((value) =>
      (value.statuses ?? []).map((status) => ({
        id: status.id,
        status: status.status,
        errorCode: status.errors?.[0] ? String(status.errors[0].code) : null,
      })),
    ),
    messages: values.flatMap((value) =>
      (value.messages ?? []).map(
        (message): InboundMessage => ({
          channel: 'whatsapp',
          providerMessageId: message.id,
          from: senderNumber(message.from),
          text: textOf(message),
          replyTo: message.context?.id ?? null,
        }),
      ),
    ),
  };
}
