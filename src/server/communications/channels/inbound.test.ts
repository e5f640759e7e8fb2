import { describe, expect, it } from 'vitest';
import { twilioIncomingMessage } from './inbound';
import { whatsAppNotification } from './webhook';

// Issue 38, item 2: what the providers' webhooks carry of a patient's message, as their documentation shows it.

describe('Twilio’s incoming message', () => {
  it('reads MessageSid, From (as E.164) and Body; a message with only media says so; none without MessageSid or From', () => {
    expect(
      twilioIncomingMessage({
        MessageSid: 'SM1',
        From: '+34600111222',
        To: '+34911000000',
        Body: ' SI ',
        NumMedia: '0',
      }),
    ).toEqual({ channel: 'sms', providerMessageId: 'SM1', from: '+34600111222', text: 'SI', replyTo: null });
    expect(twilioIncomingMessage({ SmsMessageSid: 'SM2', From: '+34600111222', Body: '', NumMedia: '1' })?.text).toBe(
      '[Mensaje con una imagen o un archivo adjunto]',
    );
    expect(twilioIncomingMessage({ From: '+34600111222', Body: 'SI' })).toBeNull();
    expect(twilioIncomingMessage({ MessageSid: 'SM3', Body: 'SI' })).toBeNull();
    // A sender that is not a number (an operator's name) stays as sent.
    expect(twilioIncomingMessage({ MessageSid: 'SM4', From: 'Movistar', Body: 'Saldo' })?.from).toBe('Movistar');
  });
});

describe('the WhatsApp webhook’s notification', () => {
  const notification = (value: unknown) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value }] }],
    });

  it('reads statuses and messages of one notification: text, a template’s button, an interactive reply, media', () => {
    const raw = notification({
      messaging_product: 'whatsapp',
      contacts: [{ profile: { name: 'Ana' }, wa_id: '34600111222' }],
      statuses: [{ id: 'wamid.A', status: 'read', timestamp: '1', recipient_id: '34600111222' }],
      messages: [
        { from: '34600111222', id: 'wamid.1', timestamp: '1', type: 'text', text: { body: 'Sí' } },
        {
          from: '34600111222',
          id: 'wamid.2',
          timestamp: '1',
          type: 'button',
          button: { text: 'No podré ir', payload: 'NO' },
          context: { from: '34911000000', id: 'wamid.A' },
        },
        {
          from: '34600111222',
          id: 'wamid.3',
          timestamp: '1',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'c', title: 'Confirmo' } },
        },
        {
          from: '34600111222',
          id: 'wamid.4',
          timestamp: '1',
          type: 'image',
          image: { id: 'media', mime_type: 'image/jpeg' },
        },
      ],
    });
    const read = whatsAppNotification(raw)!;
    expect(read.statuses).toEqual([{ id: 'wamid.A', status: 'read', errorCode: null }]);
    expect(read.messages.map((m) => [m.providerMessageId, m.from, m.text, m.replyTo])).toEqual([
      ['wamid.1', '+34600111222', 'Sí', null],
      ['wamid.2', '+34600111222', 'No podré ir', 'wamid.A'],
      ['wamid.3', '+34600111222', 'Confirmo', null],
      ['wamid.4', '+34600111222', '[Imagen]', null],
    ]);
  });

  it('is null for what is not a notification; one with neither statuses nor messages has none', () => {
    expect(whatsAppNotification('no es JSON')).toBeNull();
    expect(whatsAppNotification(JSON.stringify({ entry: 'x' }))).toBeNull();
    expect(whatsAppNotification(notification({ messaging_product: 'whatsapp' }))).toEqual({
      statuses: [],
      messages: [],
    });
  });
});
