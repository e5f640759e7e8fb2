import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireSection } from '../../../../common/schemas/questionnaires';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { QuestionnaireBuilderModal } from './questionnaire-builder-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const question = (id: string, label: string, extra: Partial<QuestionnaireSection['questions'][number]> = {}) => ({
  id,
  label,
  help: '',
  kind: 'short_text' as const,
  required: false,
  options: [],
  unit: '',
  followUp: '',
  ...extra,
});
const sections: QuestionnaireSection[] = [
  {
    id: 'motivo',
    title: 'Motivo de la consulta',
    questions: [question('por-que', '¿Por qué pides la cita?'), question('desde', '¿Desde cuándo?')],
  },
  {
    id: 'salud',
    title: 'Tu salud',
    questions: [
      question('fuma', '¿Fumas?', { kind: 'yes_no', required: true, followUp: '¿Cuántos al día?' }),
      question('peso', '¿Cuánto pesas?', { kind: 'number', unit: 'kg' }),
      question('alergias', '¿Tienes alergias?', { kind: 'allergies' }),
    ],
  },
];
const published: Questionnaire = {
  id: 'q-1',
  title: 'Primera visita',
  state: 'activo',
  currentVersion: 3,
  publishedAt: '2026-11-20T09:00:00.000Z',
  firstVisit: true,
  services: [],
  questions: 5,
  versions: [
    {
      id: 'v-3',
      number: 3,
      title: 'Primera visita',
      intro: '',
      firstVisit: true,
      sections,
      services: [],
      createdBy: 'Marta Sánchez',
      publishedAt: '2026-11-20T09:00:00.000Z',
    },
  ],
};

/** The fake API: a publication answers the questionnaire as version 1 (new) or 4 (next). */
function api() {
  return stubApi((call: ApiCall) =>
    call.method === 'POST'
      ? { status: 201, body: { ...published, currentVersion: call.url.endsWith('/versions') ? 4 : 1 } }
      : { status: 200, body: [] },
  );
}

const open = (questionnaire: Questionnaire | null = null) => {
  const onClose = vi.fn();
  const view = renderScreen(
    <QuestionnaireBuilderModal questionnaire={questionnaire} services={[]} onClose={onClose} />,
  );
  return { ...view, onClose };
};

/** The box of the question whose text field is `name` («Pregunta 2»), in the `n`th section. */
// By label rather than by role: the builder is a big form and role queries weigh its whole tree.
const questionBox = (name: string, section = 0) =>
  within(sectionBox(section)).getByLabelText(name).closest<HTMLElement>('[data-sortable-id]')!;
const sectionBox = (n: number) =>
  screen.getAllByLabelText(/^Sección \d+$/)[n]!.closest<HTMLElement>('[data-sortable-id]')!;
const labelsShown = (section = 0) =>
  within(sectionBox(section))
    .getAllByLabelText(/^Pregunta \d+$/)
    .map((field) => (field as HTMLInputElement).value);
const postedBody = (calls: ApiCall[]) =>
  calls.find((call) => call.method === 'POST')?.body as {
    title: string;
    sections: QuestionnaireSection[];
  };

/** Writes `text` at the end of a field at once (typing key by key re-renders the whole builder each time). */
async function write(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function chooseKind(user: UserEvent, box: HTMLElement, kind: string) {
  await user.click(within(box).getByRole('combobox', { name: 'Tipo' }));
  await user.click(await within(box).findByRole('option', { name: kind }));
}

/** A new questionnaire with its title, «Primera visita» and its first section's title. */
async function startNew(user: UserEvent) {
  await write(user, screen.getByRole('textbox', { name: 'Título' }), 'Primera visita');
  await user.click(screen.getByRole('checkbox', { name: /^Primera visita/ }));
  await write(user, screen.getByRole('textbox', { name: 'Sección 1' }), 'Sobre ti');
}

describe('the questionnaire builder: questions', () => {
  it('adds a question of each kind, each showing what its kind needs, and sends them in order', async () => {
    const { calls } = api();
    const { user } = open();
    await startNew(user);
    const kinds = ['Texto corto', 'Texto largo', 'Sí / no', 'Una opción', 'Varias opciones', 'Fecha', 'Número'];
    for (const [index, kind] of [...kinds, 'Medicación', 'Alergias'].entries()) {
      if (index > 0) await user.click(screen.getByText('Añadir pregunta'));
      const box = questionBox(`Pregunta ${index + 1}`);
      await write(user, within(box).getByLabelText(`Pregunta ${index + 1}`), `¿${kind}?`);
      if (index > 0) await chooseKind(user, box, kind);
      expect(within(box).getByRole('combobox', { name: 'Tipo' })).toHaveValue(kind);
      const options = within(box).queryByLabelText('Opciones (una por línea)');
      expect(options !== null).toBe(kind === 'Una opción' || kind === 'Varias opciones');
      expect(within(box).queryByLabelText('Unidad') !== null).toBe(kind === 'Número');
      expect(within(box).queryByLabelText(/^Pregunta de seguimiento/) !== null).toBe(kind === 'Sí / no');
      if (options) await write(user, options, 'Mañana\nTarde\n');
    }
    await user.click(screen.getByRole('button', { name: 'Publicar versión 1' }));

    expect(await screen.findByText('Versión 1 publicada')).toBeInTheDocument();
    const sent = postedBody(calls).sections[0]!.questions;
    expect(sent.map((item) => [item.label, item.kind])).toEqual([
      ['¿Texto corto?', 'short_text'],
      ['¿Texto largo?', 'long_text'],
      ['¿Sí / no?', 'yes_no'],
      ['¿Una opción?', 'single_choice'],
      ['¿Varias opciones?', 'multiple_choice'],
      ['¿Fecha?', 'date'],
      ['¿Número?', 'number'],
      ['¿Medicación?', 'medications'],
      ['¿Alergias?', 'allergies'],
    ]);
    // The blank line left after the last option is not an option.
    expect(sent[3]!.options).toEqual(['Mañana', 'Tarde']);
    expect(sent[4]!.options).toEqual(['Mañana', 'Tarde']);
    expect(new Set(sent.map((item) => item.id)).size).toBe(9);
    // Nine questions, each kind picked in its list: within the suite's 30 s again (it had 60 s of its own; 35 s
    // on a loaded machine before the builder and jsdom were sped up, 8–13 s after).
  });

  it('sends whether each question is required, a yes/no question’s follow-up and a number’s unit', async () => {
    const { calls } = api();
    const { user } = open();
    await startNew(user);
    await write(user, screen.getByLabelText('Pregunta 1'), '¿Fumas?');
    await chooseKind(user, questionBox('Pregunta 1'), 'Sí / no');
    await write(user, screen.getByLabelText(/^Pregunta de seguimiento/), '¿Cuántos al día?');
    await user.click(screen.getByText('Añadir pregunta'));
    await write(user, screen.getByLabelText('Pregunta 2'), '¿Cuánto pesas?');
    await chooseKind(user, questionBox('Pregunta 2'), 'Número');
    await write(user, screen.getByLabelText('Unidad'), 'kg');
    await user.click(screen.getByText('Añadir pregunta'));
    await write(user, screen.getByLabelText('Pregunta 3'), '¿Algo más?');
    // Optional unless switched on; switched on and off again, optional.
    const required = (name: string) => within(questionBox(name)).getByRole('switch', { name: 'Obligatoria' });
    expect(required('Pregunta 1')).not.toBeChecked();
    await user.click(required('Pregunta 1'));
    await user.click(required('Pregunta 2'));
    await user.click(required('Pregunta 2'));
    await user.click(screen.getByRole('button', { name: 'Publicar versión 1' }));

    expect(await screen.findByText('Versión 1 publicada')).toBeInTheDocument();
    expect(postedBody(calls).sections[0]!.questions).toMatchObject([
      { label: '¿Fumas?', kind: 'yes_no', required: true, followUp: '¿Cuántos al día?', unit: '' },
      { label: '¿Cuánto pesas?', kind: 'number', required: false, followUp: '', unit: 'kg' },
      { label: '¿Algo más?', kind: 'short_text', required: false },
    ]);
  });

  it('edits the choices of a version in force and its yes/no follow-up, and removes a question', async () => {
    const { calls } = api();
    const { user } = open(published);
    expect(screen.getByRole('dialog', { name: 'Versión 4 de «Primera visita»' })).toBeInTheDocument();
    const smoking = questionBox('Pregunta 1', 1);
    const followUp = within(smoking).getByRole('textbox', { name: /^Pregunta de seguimiento/ });
    expect(followUp).toHaveValue('¿Cuántos al día?');
    await user.clear(followUp);
    await write(user, followUp, '¿Cuántos cigarrillos al día?');
    await chooseKind(user, questionBox('Pregunta 2', 1), 'Una opción');
    const choices = within(questionBox('Pregunta 2', 1)).getByRole('textbox', { name: 'Opciones (una por línea)' });
    await write(user, choices, 'Menos de 60 kg\nEntre 60 y 90 kg\nMás de 90 kg');
    await user.click(screen.getByRole('button', { name: 'Quitar la pregunta 3' }));
    await user.click(screen.getByRole('button', { name: 'Publicar versión 4' }));

    expect(await screen.findByText('Versión 4 publicada')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/questionnaires/q-1/versions');
    const health = (post.body as { sections: QuestionnaireSection[] }).sections[1]!;
    expect(health.questions.map((item) => item.id)).toEqual(['fuma', 'peso']);
    expect(health.questions[0]).toMatchObject({ followUp: '¿Cuántos cigarrillos al día?', required: true });
    expect(health.questions[1]).toMatchObject({
      kind: 'single_choice',
      options: ['Menos de 60 kg', 'Entre 60 y 90 kg', 'Más de 90 kg'],
    });
  });
});

describe('the questionnaire builder: messages', () => {
  it('tells in Spanish what is missing or wrong, sends nothing until it is right', async () => {
    const { calls } = api();
    const { user, onClose } = open();
    await user.click(screen.getByRole('button', { name: 'Publicar versión 1' }));
    expect(await screen.findByText('El título debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Escribe el título de la sección')).toBeInTheDocument();
    expect(screen.getByText('Escribe la pregunta')).toBeInTheDocument();
    expect(screen.getByText('Elige al menos un servicio o marca «Primera visita»')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los campos marcados antes de publicar.');

    await startNew(user);
    await write(user, screen.getByRole('textbox', { name: 'Pregunta 1' }), '¿Cuándo prefieres la cita?');
    expect(screen.queryByText('Escribe la pregunta')).not.toBeInTheDocument();
    await chooseKind(user, questionBox('Pregunta 1'), 'Una opción');
    const choices = screen.getByRole('textbox', { name: 'Opciones (una por línea)' });
    expect(choices).toHaveAccessibleDescription('Escribe al menos dos opciones');
    await write(user, choices, 'Mañana\n\nmañana\nMañana ');
    expect(choices).toHaveAccessibleDescription('Hay opciones repetidas');
    await user.click(screen.getByRole('button', { name: 'Publicar versión 1' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(choices);
    await write(user, choices, 'Mañana\n\nmañana\nTarde');
    expect(choices).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar versión 1' }));
    expect(await screen.findByText('Versión 1 publicada')).toBeInTheDocument();
    expect(postedBody(calls).sections[0]!.questions[0]!.options).toEqual(['Mañana', 'mañana', 'Tarde']);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s message on its field', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        error: { code: 'VALIDATION', message: 'x', fields: { serviceIds: 'Elige servicios activos de la lista' } },
      },
    }));
    const { user } = open(published);
    await user.click(screen.getByRole('button', { name: 'Publicar versión 4' }));
    expect(await screen.findByText('Elige servicios activos de la lista')).toBeInTheDocument();
  });
});

/** jsdom lays nothing out: each item of a list gets a box of its own, 100 px high, one under the other. */
function layOutLists() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const item = this.closest<HTMLElement>('[data-sortable-id]');
    const siblings = item
      ? [...item.parentElement!.children].filter((node) => node.hasAttribute('data-sortable-id'))
      : [];
    const top = item ? siblings.indexOf(item) * 110 : 0;
    const height = item ? 100 : 0;
    return {
      x: 0,
      y: top,
      left: 0,
      top,
      width: item ? 600 : 0,
      height,
      right: 600,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

describe('the questionnaire builder: order', () => {
  it('moves questions and sections with «Subir» and «Bajar», by pointer and keyboard, telling where they went', async () => {
    const { calls } = api();
    const { user } = open(published);
    expect(screen.getByRole('button', { name: 'Subir la pregunta «¿Fumas?»' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar la pregunta «¿Tienes alergias?»' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Bajar la pregunta «¿Fumas?»' }));
    expect(labelsShown(1)).toEqual(['¿Cuánto pesas?', '¿Fumas?', '¿Tienes alergias?']);
    expect(screen.getByText('La pregunta «¿Fumas?» está ahora en la posición 2 de 3.')).toHaveAttribute(
      'role',
      'status',
    );
    // The focus stays on the button, so the keyboard goes on moving the same question.
    expect(screen.getByRole('button', { name: 'Bajar la pregunta «¿Fumas?»' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(labelsShown(1)).toEqual(['¿Cuánto pesas?', '¿Tienes alergias?', '¿Fumas?']);
    // At the end «Bajar» is off: the focus goes to «Subir».
    expect(screen.getByRole('button', { name: 'Subir la pregunta «¿Fumas?»' })).toHaveFocus();
    await user.keyboard(' ');
    expect(labelsShown(1)).toEqual(['¿Cuánto pesas?', '¿Fumas?', '¿Tienes alergias?']);
    expect(screen.getByText('La pregunta «¿Fumas?» está ahora en la posición 2 de 3.')).toBeInTheDocument();
    // The first section's questions did not move.
    expect(labelsShown(0)).toEqual(['¿Por qué pides la cita?', '¿Desde cuándo?']);

    await user.click(screen.getByRole('button', { name: 'Bajar la sección «Motivo de la consulta»' }));
    expect(screen.getByRole('textbox', { name: 'Sección 1' })).toHaveValue('Tu salud');
    expect(screen.getByRole('textbox', { name: 'Sección 2' })).toHaveValue('Motivo de la consulta');
    expect(
      screen.getByText('La sección «Motivo de la consulta» está ahora en la posición 2 de 2.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publicar versión 4' }));
    expect(await screen.findByText('Versión 4 publicada')).toBeInTheDocument();
    const sent = postedBody(calls).sections;
    expect(sent.map((section) => section.id)).toEqual(['salud', 'motivo']);
    expect(sent[0]!.questions.map((item) => item.id)).toEqual(['peso', 'fuma', 'alergias']);
    expect(sent[1]!.questions.map((item) => item.id)).toEqual(['por-que', 'desde']);
    // The version in force is not touched: the change is the next version.
    expect(published.versions[0]!.sections[1]!.questions.map((item) => item.id)).toEqual(['fuma', 'peso', 'alergias']);
  });

  it('drags a question by its handle with the keyboard (Space, arrows, Space), announced; Escape cancels', async () => {
    layOutLists();
    const { calls } = api();
    const { user } = open(published);
    // A click on the handle (no movement: no drag) puts the focus on it, as Tab would.
    await user.click(screen.getByRole('button', { name: 'Arrastrar la pregunta «¿Fumas?»' }));
    await user.keyboard(' ');
    expect(
      await screen.findByText(/^Has levantado la pregunta «¿Fumas\?», en la posición 1 de 3\./),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('La pregunta «¿Fumas?» irá a la posición 2 de 3.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('La pregunta «¿Fumas?» irá a la posición 3 de 3.')).toBeInTheDocument();
    // Past the end it stays at the end.
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(await screen.findByText('Has soltado la pregunta «¿Fumas?» en la posición 3 de 3.')).toBeInTheDocument();
    expect(labelsShown(1)).toEqual(['¿Cuánto pesas?', '¿Tienes alergias?', '¿Fumas?']);

    await user.click(screen.getByRole('button', { name: 'Arrastrar la pregunta «¿Tienes alergias?»' }));
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Escape}');
    expect(
      await screen.findByText(/^Movimiento cancelado\. La pregunta «¿Tienes alergias\?» se queda/),
    ).toBeInTheDocument();
    expect(labelsShown(1)).toEqual(['¿Cuánto pesas?', '¿Tienes alergias?', '¿Fumas?']);

    await user.click(screen.getByRole('button', { name: 'Publicar versión 4' }));
    expect(await screen.findByText('Versión 4 publicada')).toBeInTheDocument();
    expect(postedBody(calls).sections[1]!.questions.map((item) => item.id)).toEqual(['peso', 'alergias', 'fuma']);
  });
});
