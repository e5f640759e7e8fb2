import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFirstIntent } from './use-first-intent';

function Page({ act }: { act: () => void }) {
  useFirstIntent(act);
  return <button type="button">Continuar</button>;
}

describe('useFirstIntent', () => {
  it('acts once, at the first touch, key or pointer after the page mounted', () => {
    const act = vi.fn();
    const { getByRole } = render(<Page act={act} />);
    expect(act).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(act).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(getByRole('button'));
    fireEvent.focusIn(getByRole('button'));
    expect(act).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the page is gone', () => {
    const act = vi.fn();
    const { unmount } = render(<Page act={act} />);
    unmount();
    fireEvent.pointerDown(document.body);
    expect(act).not.toHaveBeenCalled();
  });
});
