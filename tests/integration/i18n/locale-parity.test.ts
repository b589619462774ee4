// docs/architecture.md §3.8: pt-BR holds the keys; en-US and es must have exactly the same ones.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '#shared/languages.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');
const SOURCE = DEFAULT_LANGUAGE;
const TARGETS = SUPPORTED_LANGUAGES.filter((lng) => lng !== SOURCE);

/** i18next plural (and ordinal plural) suffixes: CLDR categories. */
const PLURAL_SUFFIX = /_(?:ordinal_)?(?:zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Key → its values, plural forms grouped under the base key (`trialDays_one`, `trialDays_other` → `trialDays`). */
function groupPlurals(flat: Map<string, unknown>) {
  const groups = new Map<string, unknown[]>();
  for (const [key, value] of flat) {
    const base = key.replace(PLURAL_SUFFIX, '');
    groups.set(base, [...(groups.get(base) ?? []), value]);
  }
  return groups;
}

function interpolations(values: unknown[]) {
  const names = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(/{{\s*-?\s*([^},\s]+)[^}]*}}/g)) names.add(match[1]!);
  }
  return names;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function namespaces(lng: string) {
  return fs
    .readdirSync(path.join(LOCALES_DIR, lng))
    .filter((file) => file.endsWith('.json'))
    .toSorted();
}

/** Every difference between the source and a target namespace, as readable lines. */
function compareNamespace(source: unknown, target: unknown, label: string) {
  const sourceKeys = groupPlurals(flatten(source));
  const targetKeys = groupPlurals(flatten(target));
  const problems: string[] = [];
  const missing = [...sourceKeys.keys()].filter((key) => !targetKeys.has(key));
  const extra = [...targetKeys.keys()].filter((key) => !sourceKeys.has(key));
  if (missing.length) problems.push(`${label}: missing keys (in ${SOURCE}, not here): ${missing.join(', ')}`);
  if (extra.length) problems.push(`${label}: extra keys (not in ${SOURCE}): ${extra.join(', ')}`);
  for (const [key, sourceValues] of sourceKeys) {
    const targetValues = targetKeys.get(key);
    if (!targetValues) continue;
    const sourceIsText = sourceValues.every((v) => typeof v === 'string');
    const targetIsText = targetValues.every((v) => typeof v === 'string');
    if (sourceIsText !== targetIsText) {
      problems.push(`${label}: "${key}" is ${sourceIsText ? 'a text' : 'not a text'} in ${SOURCE} but not here`);
      continue;
    }
    const targetVars = interpolations(targetValues);
    const lost = [...interpolations(sourceValues)].filter((name) => !targetVars.has(name));
    if (lost.length) problems.push(`${label}: "${key}" lacks ${lost.map((n) => `{{${n}}}`).join(', ')}`);
  }
  return problems;
}

function emptyValues(data: unknown, label: string) {
  return [...flatten(data)]
    .filter(([, value]) => (typeof value === 'string' ? value.trim() === '' : typeof value === 'object'))
    .map(([key, value]) => `${label}: "${key}" is ${typeof value === 'string' ? 'an empty text' : 'an empty object'}`);
}

const sourceNamespaces = namespaces(SOURCE);

describe('locale files', () => {
  it(`${SOURCE} has namespaces`, () => {
    expect(sourceNamespaces.length).toBeGreaterThan(0);
  });

  it.each(TARGETS)('%s has exactly the namespace files of pt-BR', (lng) => {
    const files = namespaces(lng);
    const missing = sourceNamespaces.filter((f) => !files.includes(f));
    const extra = files.filter((f) => !sourceNamespaces.includes(f));
    const problems = [
      ...missing.map((f) => `locales/${lng}/${f} is missing`),
      ...extra.map((f) => `locales/${lng}/${f} is not in ${SOURCE}`),
    ];
    expect(problems.join('\n')).toBe('');
  });

  describe.each(sourceNamespaces)('%s', (file) => {
    it.each(SUPPORTED_LANGUAGES)('%s is valid JSON with no empty texts', (lng) => {
      const full = path.join(LOCALES_DIR, lng, file);
      if (!fs.existsSync(full)) return; // reported by the namespace-file test
      const problems = emptyValues(readJson(full), `locales/${lng}/${file}`);
      expect(problems.join('\n')).toBe('');
    });

    it.each(TARGETS)(`%s has the same keys and interpolations as ${SOURCE}`, (lng) => {
      const full = path.join(LOCALES_DIR, lng, file);
      if (!fs.existsSync(full)) throw new Error(`locales/${lng}/${file} is missing`);
      const problems = compareNamespace(readJson(path.join(LOCALES_DIR, SOURCE, file)), readJson(full), `locales/${lng}/${file}`);
      expect(problems.join('\n')).toBe('');
    });
  });
});

describe('the parity checker itself', () => {
  const source = { a: { b: 'x {{name}}' }, days_one: '{{count}} dia', days_other: '{{count}} dias', gone: 'y' };

  it('accepts a language with other plural forms', () => {
    const target = { a: { b: 'y {{name}}' }, days_one: 'один', days_few: '{{count}} дня', days_many: '{{count}} дней', gone: 'z' };
    expect(compareNamespace(source, target, 't')).toEqual([]);
  });

  it('reports missing and extra keys, and a lost interpolation', () => {
    const target = { a: { b: 'no name' }, days_other: 'd', added: 'n' };
    expect(compareNamespace(source, target, 't')).toEqual([
      't: missing keys (in pt-BR, not here): gone',
      't: extra keys (not in pt-BR): added',
      't: "a.b" lacks {{name}}',
      't: "days" lacks {{count}}',
    ]);
  });

  it('reports empty texts', () => {
    expect(emptyValues({ a: '', b: { c: '  ' }, d: 'ok', e: {} }, 't')).toEqual([
      't: "a" is an empty text',
      't: "b.c" is an empty text',
      't: "e" is an empty object',
    ]);
  });
});
