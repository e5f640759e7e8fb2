import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, renderScreen } from '../../../test/render';
import { PHONE_CONSENT_TEXT, type MessageChannel } from '../../../../common/schemas/channels';
import type { PickedSlot } from '../utils/slots';
import { BookingForm, useBookingDetailsForm, type BookingDetailsOutput } from './booking-form';

const WINDOW = { hours: 24, phone: '+34 910 000 000' };
/** Tuesday 24 November 2026, 12:00 in Madrid (UTC+1). */
const slotAt = (startsAt: string): PickedSlot => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  doctorId: '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11',
  doctorName: 'Dra. Ana Ruiz',
});

function Harness({
  slot,
  forMinors = false,
  reminderChannels = ['email'],
  onSubmit = () => {},
}: {
  slot: PickedSlot;
  forMinors?: boolean;
  reminderChannels?: MessageChannel[];
  onSubmit?: (values: BookingDetailsOutput) => void;
}) {
  const form = useBookingDetailsForm(null, undefined, forMinors);
  return (
    <BookingForm
      form={form}
      patient={false}
      slot={slot}
      specialty={forMinors ? 'Pediatría' : 'Medicina familiar'}
      timeZone="Europe/Madrid"
      forMinors={forMinors}
      reminderChannels={reminderChannels}
      changeWindow={WINDOW}
      failure={null}
      submitting={false}
      onSubmit={onSubmit}
      onChangeSlot={() => {}}
    />
  );
}

beforeEach(() => {
  // Monday 16 November 2026, 18:00 in Madrid.
  vi.useFakeTimers({ now: new Date('2026-11-16T17:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('before confirming, the booking says until when it can be changed online', () => {
  it('names the deadline from the cancellation window and the phone for after it', () => {
    // Wednesday 25 November 2026 at 12:00 → the deadline is Tuesday 24 at 12:00.
    renderScreen(<Harness slot={slotAt('2026-11-25T11:00:00Z')} />);
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Podrás cambiar o cancelar esta cita por internet hasta el martes 24 de noviembre a las 12:00; después, llámanos al +34 910 000 000.',
      ),
    ).toBeInTheDocument();
  });

  it('says plainly that a time inside the window cannot be changed online', () => {
    // Tomorrow (Tuesday 17) at 12:00: less than 24 hours away.
    renderScreen(<Harness slot={slotAt('2026-11-17T11:00:00Z')} />);
    expect(
      screen.getByText(/^Esta cita ya no se podrá cambiar ni cancelar por internet: faltan menos de 24 horas/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Podrás cambiar/)).not.toBeInTheDocument();
  });
});

describe('a booking in Pediatría', () => {
  it('asks for the child and the guardian, validated in Spanish, and sends them', async () => {
    const onSubmit = vi.fn();
    renderScreen(<Harness slot={slotAt('2026-11-25T11:00:00Z')} forMinors onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Nombre\s*\*?$/), 'Ana');
    await fill(user, screen.getByLabelText(/^Apellidos\s*\*?$/), 'Gil Ramos');
    await fill(user, screen.getByLabelText(/^Correo electrónico/), 'ana@prueba.test');
    await fill(user, screen.getByLabelText(/^Teléfono/), '600111222');
    await user.click(screen.getByLabelText(/He leído y acepto/));
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect(await screen.findByText('Escribe el nombre del niño o la niña')).toBeInTheDocument();
    expect(screen.getByText('Indica tu relación con el niño o la niña')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await fill(user, screen.getByLabelText(/^Nombre del niño o la niña/), 'Lucía');
    await fill(user, screen.getByLabelText(/^Apellidos del niño o la niña/), 'Pérez Gil');
    await user.type(screen.getByLabelText(/^Fecha de nacimiento/), '2019-04-03');
    await user.selectOptions(screen.getByLabelText(/^Tu relación con el niño o la niña/), 'madre');
    await fill(user, screen.getByLabelText(/^Tu DNI, NIE o pasaporte/), '12345678A');
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect(await screen.findByText('La letra del DNI no corresponde a sus números')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Tu DNI, NIE o pasaporte/));
    await fill(user, screen.getByLabelText(/^Tu DNI, NIE o pasaporte/), '12345678z');
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].minor).toEqual({
      childFirstName: 'Lucía',
      childLastName: 'Pérez Gil',
      childBirthDate: '2019-04-03',
      guardianRelationship: 'madre',
      guardianDocument: '12345678Z',
    });
  });

  it('another specialty asks nothing about a child', () => {
    renderScreen(<Harness slot={slotAt('2026-11-25T11:00:00Z')} />);
    expect(screen.queryByLabelText(/^Nombre del niño o la niña/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toBeInTheDocument();
  });
});

describe('«¿Cómo quieres recibir el recordatorio?»', () => {
  const fillVisitor = async (user: ReturnType<typeof userEvent.setup>) => {
    await fill(user, screen.getByLabelText(/^Nombre\s*\*?$/), 'Ana');
    await fill(user, screen.getByLabelText(/^Apellidos\s*\*?$/), 'Gil Ramos');
    // «Correo electrónico» is a channel too: the address is the textbox.
    await fill(user, screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'ana@prueba.test');
    await fill(user, screen.getByLabelText(/^Teléfono/), '600111222');
    await user.click(screen.getByLabelText(/He leído y acepto/));
  };

  it('is not asked when the clinic offers only e-mail', () => {
    renderScreen(<Harness slot={slotAt('2026-11-25T11:00:00Z')} />);
    expect(
      screen.queryByRole('radiogroup', { name: /¿Cómo quieres recibir el recordatorio\?/ }),
    ).not.toBeInTheDocument();
  });

  it('offers the clinic’s channels in its order; SMS needs the consent of Mi perfil, then is sent with it', async () => {
    const onSubmit = vi.fn();
    renderScreen(
      <Harness slot={slotAt('2026-11-25T11:00:00Z')} reminderChannels={['sms', 'email']} onSubmit={onSubmit} />,
    );
    const user = userEvent.setup();
    const group = screen.getByRole('radiogroup', { name: /¿Cómo quieres recibir el recordatorio\?/ });
    expect([...group.querySelectorAll('input[type=radio]')].map((radio) => radio.getAttribute('value'))).toEqual([
      'sms',
      'email',
    ]);
    // Optional: nothing chosen, nothing asked of the consent, and the booking goes without a channel.
    expect(screen.queryByLabelText(PHONE_CONSENT_TEXT)).not.toBeInTheDocument();
    await fillVisitor(user);
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect(
      await screen.findByText('Para recibir el recordatorio por SMS o WhatsApp, marca que aceptas recibirlos'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(PHONE_CONSENT_TEXT));
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ preferredChannel: 'sms', phoneConsent: true });
  });

  it('e-mail needs no consent', async () => {
    const onSubmit = vi.fn();
    renderScreen(
      <Harness slot={slotAt('2026-11-25T11:00:00Z')} reminderChannels={['whatsapp', 'email']} onSubmit={onSubmit} />,
    );
    const user = userEvent.setup();
    await fillVisitor(user);
    await user.click(screen.getByRole('radio', { name: 'Correo electrónico' }));
    expect(screen.queryByLabelText(PHONE_CONSENT_TEXT)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ preferredChannel: 'email' });
  });
});
