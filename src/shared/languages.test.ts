import { describe, expect, it } from 'vitest';
import { matchLanguage, negotiateLanguage } from './languages.ts';

describe('matchLanguage', () => {
  it.each([
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['es-AR', 'es'],
    ['fr', null],
    ['', null],
  ])('%s → %s', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });
});

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'pt-BR'],
    ['', 'pt-BR'],
    ['fr-FR,de;q=0.8', 'pt-BR'],
    ['en-US,en;q=0.9', 'en-US'],
    ['es', 'es'],
    ['fr;q=1, es;q=0.5, en;q=0.7', 'en-US'],
    ['en;q=0, es', 'es'],
    ['*', 'pt-BR'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});
