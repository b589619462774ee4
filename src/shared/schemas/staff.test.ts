import { describe, expect, it } from 'vitest';
import { dateRangeIsOrdered, sortOf, StaffAnalysisQuery, StaffSignatureQuery } from './staff.ts';
import { staffQueryString } from './staff-routes.ts';

describe('sortOf', () => {
  const sort = sortOf(['name', 'createdAt'] as const);
  it.each([
    ['name', true],
    ['-name', true],
    ['-createdAt', true],
    [undefined, true],
    ['password', false],
    ['--name', false],
    ['name-', false],
    ['', false],
  ])('%s → accepted %s', (value, accepted) => {
    expect(sort.safeParse(value).success).toBe(accepted);
  });
});

describe('dateRangeIsOrdered', () => {
  it.each([
    [{}, true],
    [{ from: '2024-05-01' }, true],
    [{ to: '2024-05-01' }, true],
    [{ from: '2024-05-01', to: '2024-05-01' }, true],
    [{ from: '2024-04-30', to: '2024-05-01' }, true],
    [{ from: '2024-05-02', to: '2024-05-01' }, false],
  ])('%j → %s', (range, ordered) => {
    expect(dateRangeIsOrdered(range)).toBe(ordered);
  });

  it('a reversed range fails on `to`', () => {
    const parsed = StaffAnalysisQuery.safeParse({ from: '2024-05-02', to: '2024-05-01' });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path)).toEqual([['to']]);
  });
});

describe('query strings', () => {
  it('paging defaults to 50 from 0; `activated` is only true or false', () => {
    expect(StaffSignatureQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(StaffSignatureQuery.parse({ activated: 'false', limit: '5' })).toEqual({ activated: false, limit: 5, offset: 0 });
    expect(StaffSignatureQuery.safeParse({ activated: '1' }).success).toBe(false);
  });

  it('staffQueryString leaves out empty values', () => {
    expect(staffQueryString({ q: 'ana silva', status: undefined, userId: '', limit: 20, activated: false })).toBe('?q=ana+silva&limit=20&activated=false');
    expect(staffQueryString({})).toBe('');
  });
});
