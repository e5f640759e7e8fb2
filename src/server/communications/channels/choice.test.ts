import { describe, expect, it } from 'vitest';
import { chooseChannel, offeredChannels } from './choice';

const both = { sms: true, whatsapp: true };
const ana = { email: 'ana@prueba.test', phone: '600 111 222', preferredChannel: 'sms' as const, phoneConsent: true };

describe('the channels a patient may choose', () => {
  it('the clinic’s, in its order, a phone channel only with its provider', () => {
    expect(offeredChannels(['whatsapp', 'email', 'sms'], both)).toEqual(['whatsapp', 'email', 'sms']);
    expect(offeredChannels(['whatsapp', 'email', 'sms'], { sms: false, whatsapp: true })).toEqual([
      'whatsapp',
      'email',
    ]);
  });
  it('e-mail when no channel of the clinic can send', () => {
    expect(offeredChannels(['sms'], { sms: false, whatsapp: false })).toEqual(['email']);
  });
});

describe('the channel of a message', () => {
  it('her preference when the clinic offers it, with consent, provider and a mobile number', () => {
    expect(chooseChannel(['email', 'sms', 'whatsapp'], both, ana)).toEqual({ channel: 'sms', to: '+34600111222' });
    expect(chooseChannel(['whatsapp', 'email'], both, ana)).toEqual({ channel: 'whatsapp', to: '+34600111222' });
  });
  it('the clinic’s order otherwise; e-mail without consent, provider or mobile number', () => {
    expect(chooseChannel(['whatsapp', 'sms'], both, { ...ana, preferredChannel: 'email' })).toEqual({
      channel: 'whatsapp',
      to: '+34600111222',
    });
    expect(chooseChannel(['sms'], both, { ...ana, phoneConsent: false })).toEqual({
      channel: 'email',
      to: 'ana@prueba.test',
    });
    expect(chooseChannel(['sms'], { sms: false, whatsapp: false }, ana)).toEqual({
      channel: 'email',
      to: 'ana@prueba.test',
    });
    expect(chooseChannel(['sms'], both, { ...ana, phone: '912 345 678' })).toEqual({
      channel: 'email',
      to: 'ana@prueba.test',
    });
    expect(chooseChannel(['sms'], both, { ...ana, phone: '', email: '' })).toBeNull();
  });
});
