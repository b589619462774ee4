import { AFTER_LOGIN, RedirectSearch, afterLoginHref } from './redirect.ts';
import { TokenSearch } from './token-search.ts';

describe('RedirectSearch', () => {
  it.each([
    ['/dashboard/profile', '/dashboard/profile'],
    ['/dashboard/my-services?page=2#top', '/dashboard/my-services?page=2#top'],
    ['//evil.example/path', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example', undefined],
    ['javascript:alert(1)', undefined],
    ['dashboard', undefined],
    ['/a b', undefined],
    ['/a\nb', undefined],
    [42, undefined],
  ])('%j → %j', (redirect, expected) => {
    expect(RedirectSearch.parse({ redirect }).redirect).toBe(expected);
  });

  it('goes to the profile without a redirect', () => {
    expect(afterLoginHref(undefined)).toBe(AFTER_LOGIN);
    expect(AFTER_LOGIN).toBe('/dashboard/profile');
    expect(afterLoginHref('/plans')).toBe('/plans');
  });
});

describe('TokenSearch', () => {
  it.each([
    [{ token: 'abc' }, 'abc'],
    [{ token: '' }, undefined],
    [{ token: 'x'.repeat(513) }, undefined],
    [{ token: 123 }, undefined],
    [{}, undefined],
  ])('%j → %j', (search, expected) => {
    expect(TokenSearch.parse(search).token).toBe(expected);
  });
});

describe('where a sign-in lands', () => {
  it('staff on the staff home, everyone else on the profile, unless ?redirect= names a page', () => {
    expect(afterLoginHref(undefined, true)).toBe('/staff');
    expect(afterLoginHref(undefined, false)).toBe('/dashboard/profile');
    expect(afterLoginHref('/staff/orders', true)).toBe('/staff/orders');
    expect(afterLoginHref('/about', false)).toBe('/about');
  });
});
