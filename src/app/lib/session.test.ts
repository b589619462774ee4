import { isSignedIn, readAuthState } from './session.ts';

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

describe('readAuthState (docs/product.md §4: the readable `id` and `isStaff` cookies)', () => {
  it('is a visitor (null) without cookies', () => {
    expect(readAuthState()).toBeNull();
  });

  it('reads the user id and the staff flag', () => {
    setCookie('id', '7f3c2a10-0000-4000-8000-000000000001');
    setCookie('isStaff', 'true');
    expect(readAuthState()).toEqual({ id: '7f3c2a10-0000-4000-8000-000000000001', isStaff: true });
  });

  it.each([
    ['false', false],
    ['true', true],
    ['False', true],
    ['0', true],
    ['no', true],
    ['', true],
  ])('isStaff cookie %j gives staff %s: true unless the text equals "false"', (text, staff) => {
    setCookie('id', '42');
    setCookie('isStaff', text);
    expect(readAuthState()).toEqual({ id: '42', isStaff: staff });
  });

  it('needs both cookies: id alone or isStaff alone is no session', () => {
    setCookie('id', '42');
    expect(readAuthState()).toBeNull();
    document.cookie = 'id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    setCookie('isStaff', 'false');
    expect(readAuthState()).toBeNull();
  });

  it('does not take an empty id', () => {
    setCookie('id', '');
    setCookie('isStaff', 'false');
    expect(readAuthState()).toBeNull();
  });

  it('does not mistake a cookie whose name ends like `id` for the id cookie', () => {
    setCookie('userid', '42');
    setCookie('isStaff', 'false');
    expect(readAuthState()).toBeNull();
  });

  it('decodes the cookie value', () => {
    setCookie('id', 'a b/c');
    setCookie('isStaff', 'false');
    expect(readAuthState()).toEqual({ id: 'a b/c', isStaff: false });
  });
});

describe('isSignedIn', () => {
  it('is true for a state read from both cookies', () => {
    setCookie('id', '42');
    setCookie('isStaff', 'false');
    expect(isSignedIn(readAuthState())).toBe(true);
  });

  it('is false for a visitor', () => {
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(readAuthState())).toBe(false);
  });

  it('needs exactly the two keys id and isStaff, and an id', () => {
    expect(isSignedIn({ id: '42', isStaff: true })).toBe(true);
    expect(isSignedIn({ id: '', isStaff: true })).toBe(false);
    expect(isSignedIn({ id: '42', isStaff: true, extra: 1 } as never)).toBe(false);
    expect(isSignedIn({ id: '42' } as never)).toBe(false);
  });
});
