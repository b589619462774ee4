import { describe, expect, it } from 'vitest';
import { focusOrigin, focusTarget } from './focus-back.ts';

/** A table row with a link and an action button, the button focused. */
function rowWithFocusedAction() {
  document.body.innerHTML = '<table><tbody><tr><td><a href="/o/1">P-1</a></td><td><button>Confirmar</button></td></tr></tbody></table>';
  const button = document.querySelector('button')!;
  button.focus();
  return { button, origin: focusOrigin()! };
}

describe('focus coming back after a dialog or an in-row action', () => {
  it('goes to the control that had it while the control is still there and usable', () => {
    const { button, origin } = rowWithFocusedAction();
    expect(origin.row?.tagName).toBe('TR');
    expect(focusTarget(origin)).toBe(button);
  });

  it('goes to the first control of its row when the action removed or disabled the control', () => {
    const { button, origin } = rowWithFocusedAction();
    button.disabled = true;
    expect(focusTarget(origin)).toBe(document.querySelector('a'));
    button.remove();
    expect(focusTarget(origin)).toBe(document.querySelector('a'));
  });

  it('goes to the row itself when nothing in it can take focus, and nowhere once the row is gone', () => {
    const { button, origin } = rowWithFocusedAction();
    button.remove();
    document.querySelector('a')!.remove();
    expect(focusTarget(origin)).toBe(origin.row);
    expect(origin.row!.tabIndex).toBe(-1);
    origin.row!.remove();
    expect(focusTarget(origin)).toBeNull();
  });

  it('remembers nothing when the page itself has focus', () => {
    document.body.innerHTML = '';
    expect(focusOrigin()).toBeNull();
  });
});
