import { afterEach, describe, expect, it } from 'vitest';
import { installed } from './jsdom-speedups';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.querySelectorAll('style[data-test]').forEach((style) => style.remove());
});

describe('jsdom sped up for the client suite', () => {
  it('is in place with the jsdom the suite runs', () => {
    expect(installed).toEqual({ labels: true, labelsOfControls: true, computedStyles: true });
  });

  it('finds a label’s control as jsdom did: by id, labelable only, the first in the page’s order', () => {
    document.body.innerHTML = `
      <label id="name-label" for="name">Nombre</label><input id="name">
      <label id="para-label" for="para">Texto</label><p id="para"></p>
      <label id="none-label" for="nowhere">Nada</label>
      <label id="wrapped-label">Envuelto <input id="wrapped"></label>
      <label id="twice-label" for="twice">Dos</label><div id="slot"></div><input id="twice" data-second>`;
    const first = document.createElement('input');
    first.id = 'twice';
    document.getElementById('slot')!.append(first);
    const control = (id: string) => (document.getElementById(id) as HTMLLabelElement).control;
    expect(control('name-label')).toBe(document.getElementById('name'));
    expect(control('para-label')).toBeNull();
    expect(control('none-label')).toBeNull();
    expect(control('wrapped-label')).toBe(document.getElementById('wrapped'));
    // Added last but placed first: the first in the page's order, as the walk answers.
    expect(control('twice-label')).toBe(first);
    expect([...(document.getElementById('name') as HTMLInputElement).labels!]).toEqual([
      document.getElementById('name-label'),
    ]);
  });

  it('gives a control its labels in the page’s order, and follows labels added and removed', () => {
    document.body.innerHTML = `
      <label id="second" for="email">Correo</label>
      <label id="first">Tu correo <input id="email"></label>
      <label for="other">Otro</label><input id="other">`;
    const email = document.getElementById('email') as HTMLInputElement;
    expect([...email.labels!].map((label) => label.id)).toEqual(['second', 'first']);
    const third = document.createElement('label');
    third.id = 'third';
    third.htmlFor = 'email';
    document.body.append(third);
    expect([...email.labels!].map((label) => label.id)).toEqual(['second', 'first', 'third']);
    document.getElementById('second')!.remove();
    expect([...email.labels!].map((label) => label.id)).toEqual(['first', 'third']);
    expect((document.createElement('input') as HTMLInputElement).labels).toHaveLength(0);
    const hidden = document.createElement('input');
    hidden.type = 'hidden';
    document.body.append(hidden);
    expect(hidden.labels).toBeNull();
  });

  it('finds it in a tree not yet in the page', () => {
    const form = document.createElement('form');
    form.innerHTML = '<label for="email">Correo</label><input id="email">';
    expect(form.querySelector('label')!.control).toBe(form.querySelector('input'));
  });

  it('gives the same computed style until something in the page changes, then the new one', () => {
    document.body.innerHTML = '<div id="outer"><span id="inner">hola</span></div>';
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    const before = getComputedStyle(inner);
    expect(getComputedStyle(inner)).toBe(before);
    expect(before.visibility).toBe('visible');

    // Inherited from an ancestor's attribute…
    outer.setAttribute('style', 'visibility: hidden');
    expect(getComputedStyle(inner).visibility).toBe('hidden');
    // …from its style set as a property…
    outer.style.visibility = 'visible';
    expect(getComputedStyle(inner).visibility).toBe('visible');
    // …from a class and a stylesheet added later…
    const sheet = document.createElement('style');
    sheet.dataset.test = '';
    sheet.textContent = '.off { pointer-events: none }';
    document.head.append(sheet);
    outer.className = 'off';
    expect(getComputedStyle(inner).pointerEvents).toBe('none');
    // …and from a move to another parent.
    document.body.append(inner);
    expect(getComputedStyle(inner).pointerEvents).toBe('auto');
  });
});
