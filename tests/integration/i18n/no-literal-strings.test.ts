// docs/architecture.md §3.8: every user-visible string is a translation key. This test reads the client's source
// with the TypeScript compiler and fails, with file:line, on
//   1. JSX text with a letter, or a string literal with a letter rendered as a JSX child;
//   2. a string literal given to a JSX attribute a user reads or hears (title, aria-label, alt, ...);
//   3. a literal `t('key')` / `t('ns:key')` whose key does not exist in locales/pt-BR.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const APP_DIR = path.join(ROOT, 'src/app');
const SOURCE_LOCALE_DIR = path.join(ROOT, 'locales', DEFAULT_LANGUAGE);
const DEFAULT_NS = 'common';

/** JSX attributes whose string value is shown or announced. `alt=""` (decorative image) is allowed. */
const TEXT_ATTRIBUTES = new Set(['title', 'aria-label', 'alt', 'placeholder', 'label', 'description', 'error']);
const LETTER = /\p{L}/u;
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

interface Finding {
  file: string;
  line: number;
  message: string;
}

const format = (f: Finding) => `${f.file}:${f.line}: ${f.message}`;

function parse(fileName: string, code: string) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
}

function lineOf(sf: ts.SourceFile, pos: number) {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

function isStringLike(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** The literal texts an expression can evaluate to directly: through ?:, ??, ||, &&, + and templates, not into calls. */
function literalTexts(expression: ts.Expression): { node: ts.Node; text: string }[] {
  if (isStringLike(expression)) return [{ node: expression, text: expression.text }];
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return literalTexts(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const op = expression.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.PlusToken) {
      return [...literalTexts(expression.left), ...literalTexts(expression.right)];
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(expression.right);
  }
  if (ts.isTemplateExpression(expression)) {
    const text = expression.head.text + expression.templateSpans.map((span) => `\${…}${span.literal.text}`).join('');
    return [{ node: expression, text }];
  }
  return [];
}

/** Checks 1 and 2 on one file. */
function findLiteralStrings(fileName: string, code: string): Finding[] {
  const sf = parse(fileName, code);
  const findings: Finding[] = [];
  const add = (pos: number, message: string) => findings.push({ file: fileName, line: lineOf(sf, pos), message });

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) {
      const full = node.getFullText(sf);
      add(node.getFullStart() + full.search(/\S/), `JSX text ${JSON.stringify(node.text.trim())}`);
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const { node: literal, text } of literalTexts(node.expression)) {
        if (LETTER.test(text)) add(literal.getStart(sf), `JSX child string ${JSON.stringify(text)}`);
      }
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      const init = node.initializer;
      if (TEXT_ATTRIBUTES.has(name) && init) {
        const texts = ts.isStringLiteral(init)
          ? [{ node: init as ts.Node, text: init.text }]
          : ts.isJsxExpression(init) && init.expression
            ? literalTexts(init.expression)
            : [];
        for (const { node: literal, text } of texts) {
          if (name === 'alt' && text === '') continue;
          add(literal.getStart(sf), `literal ${name}=${JSON.stringify(text)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

// ---- Check 3: t('key') resolves in pt-BR -------------------------------------------------------

type KeySet = Map<string, Set<string>>; // namespace → flattened keys (leaves and objects)

function flattenKeys(value: unknown, prefix: string, out: Set<string>) {
  if (prefix) out.add(prefix);
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flattenKeys(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function loadSourceKeys(): KeySet {
  const keys: KeySet = new Map();
  for (const file of fs.readdirSync(SOURCE_LOCALE_DIR).filter((f) => f.endsWith('.json'))) {
    const data: unknown = JSON.parse(fs.readFileSync(path.join(SOURCE_LOCALE_DIR, file), 'utf8'));
    keys.set(file.replace(/\.json$/, ''), flattenKeys(data, '', new Set()));
  }
  return keys;
}

function isLeaf(keys: Set<string>, key: string) {
  // A leaf is a key no other key extends.
  const prefix = `${key}.`;
  for (const other of keys) if (other.startsWith(prefix)) return false;
  return true;
}

interface Translation {
  ns: string;
  keyPrefix?: string;
}

function translationOf(call: ts.CallExpression): Translation {
  const [nsArg, optionsArg] = call.arguments;
  let ns = DEFAULT_NS;
  if (nsArg && isStringLike(nsArg)) ns = nsArg.text;
  else if (nsArg && ts.isArrayLiteralExpression(nsArg) && nsArg.elements[0] && isStringLike(nsArg.elements[0])) {
    ns = nsArg.elements[0].text;
  }
  const keyPrefix = optionsArg && ts.isObjectLiteralExpression(optionsArg) ? stringProperty(optionsArg, 'keyPrefix') : undefined;
  return keyPrefix ? { ns, keyPrefix } : { ns };
}

function stringProperty(object: ts.ObjectLiteralExpression, name: string) {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name && isStringLike(property.initializer)) {
      return property.initializer.text;
    }
  }
  return undefined;
}

function hasProperty(object: ts.Expression | undefined, name: string) {
  return (
    !!object &&
    ts.isObjectLiteralExpression(object) &&
    object.properties.some((p) => (p.name && p.name.getText() === name) || (ts.isShorthandPropertyAssignment(p) && p.name.text === name))
  );
}

function isUseTranslation(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useTranslation';
}

function isTCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && /^(i18n|i18next)$/.test(callee.expression.getText());
}

/** useTranslation calls in a function body, not in functions nested inside it. */
function ownUseTranslation(fn: ts.Node): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (node !== fn && ts.isFunctionLike(node)) return;
    if (isUseTranslation(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

/** Check 3 on one file: every literal t() key exists in pt-BR, in the namespace its useTranslation names. */
function findUnknownKeys(fileName: string, code: string, keys: KeySet): Finding[] {
  const sf = parse(fileName, code);
  const findings: Finding[] = [];
  const add = (node: ts.Node, message: string) => findings.push({ file: fileName, line: lineOf(sf, node.getStart(sf)), message });

  const fileLevel: Translation[] = [];
  const collect = (node: ts.Node) => {
    if (isUseTranslation(node)) {
      const translation = translationOf(node);
      fileLevel.push(translation);
      if (!keys.has(translation.ns)) add(node, `useTranslation: no namespace file locales/${DEFAULT_LANGUAGE}/${translation.ns}.json`);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const fileNamespaces = new Set(fileLevel.map((t) => `${t.ns}|${t.keyPrefix ?? ''}`));
  const fileDefault: Translation = fileNamespaces.size === 1 ? fileLevel[0]! : { ns: DEFAULT_NS };

  const translationFor = (call: ts.Node): Translation => {
    for (let node = call.parent; node; node = node.parent) {
      if (ts.isFunctionLike(node)) {
        const own = ownUseTranslation(node);
        if (own) return translationOf(own);
      }
    }
    return fileDefault;
  };

  const check = (call: ts.CallExpression, literal: ts.Node, rawKey: string) => {
    const translation = translationFor(call);
    const options = call.arguments[1];
    let ns = (options && ts.isObjectLiteralExpression(options) && stringProperty(options, 'ns')) || translation.ns;
    let key = rawKey;
    const colon = rawKey.indexOf(':');
    if (colon > 0) {
      ns = rawKey.slice(0, colon);
      key = rawKey.slice(colon + 1);
    } else if (translation.keyPrefix) {
      key = `${translation.keyPrefix}.${rawKey}`;
    }
    const nsKeys = keys.get(ns);
    if (!nsKeys) {
      add(literal, `t(${JSON.stringify(rawKey)}): no namespace "${ns}" in locales/${DEFAULT_LANGUAGE}`);
      return;
    }
    const plural = hasProperty(options, 'count') && PLURAL_SUFFIXES.some((s) => nsKeys.has(`${key}_${s}`));
    const objects = hasProperty(options, 'returnObjects');
    const ok = plural || (nsKeys.has(key) && (objects || isLeaf(nsKeys, key)));
    if (!ok) {
      const why = nsKeys.has(key) ? 'is an object, not a text' : PLURAL_SUFFIXES.some((s) => nsKeys.has(`${key}_${s}`)) ? 'is plural: pass count' : 'does not exist';
      add(literal, `t(${JSON.stringify(rawKey)}): "${ns}:${key}" ${why} in locales/${DEFAULT_LANGUAGE}/${ns}.json`);
    }
  };

  const visit = (node: ts.Node) => {
    if (isTCall(node) && node.arguments[0]) {
      // Template literals with substitutions are dynamic keys: skipped (their parts are checked by rendering tests).
      for (const { node: literal, text } of literalTexts(node.arguments[0])) {
        if (isStringLike(literal)) check(node, literal, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

// ---- The real source -------------------------------------------------------------------------------

function appSources() {
  return (fs.readdirSync(APP_DIR, { recursive: true }) as string[])
    .map((rel) => rel.split(path.sep).join('/'))
    .filter((rel) => /\.tsx?$/.test(rel) && !/\.test\.tsx?$/.test(rel) && !rel.endsWith('.d.ts') && rel !== 'routeTree.gen.ts')
    .toSorted()
    .map((rel) => ({ rel: `src/app/${rel}`, code: fs.readFileSync(path.join(APP_DIR, rel), 'utf8') }));
}

describe('client source has no hard-coded user-visible strings', () => {
  const sources = appSources();

  it('finds the client source', () => {
    expect(sources.some((s) => s.rel.endsWith('.tsx'))).toBe(true);
  });

  it('has no literal JSX text or literal text attributes in src/app/**/*.tsx', () => {
    const findings = sources.filter((s) => s.rel.endsWith('.tsx')).flatMap((s) => findLiteralStrings(s.rel, s.code));
    // Each line is file:line: what was found; use t('key') instead.
    expect(findings.map(format).join('\n')).toBe('');
  });

  it(`every literal t() key in src/app exists in locales/${DEFAULT_LANGUAGE}`, () => {
    const keys = loadSourceKeys();
    const findings = sources.flatMap((s) => findUnknownKeys(s.rel, s.code, keys));
    expect(findings.map(format).join('\n')).toBe('');
  });
});

describe('the checker itself', () => {
  it('flags literal text, literal children and literal text attributes, with their lines', () => {
    const snippet = [
      'export function Bad({ open }: { open: boolean }) {',
      '  return (',
      '    <div title="Olá">',
      '      Entrar agora',
      "      <img alt=\"\" src=\"/a.svg\" />",
      "      <img alt='Logo' src=\"/b.svg\" />",
      "      <input placeholder={open ? 'Nome' : t('form.name')} aria-label={t('form.name')} />",
      "      {'Sair'}",
      '      {`Oi ${open}`}',
      '      <Button label={`Total: ${open}`} />',
      '      {42} — {open && <span>-</span>}',
      '    </div>',
      '  );',
      '}',
    ].join('\n');
    expect(findLiteralStrings('bad.tsx', snippet).map(format)).toEqual([
      'bad.tsx:3: literal title="Olá"',
      'bad.tsx:4: JSX text "Entrar agora"',
      'bad.tsx:6: literal alt="Logo"',
      'bad.tsx:7: literal placeholder="Nome"',
      'bad.tsx:8: JSX child string "Sair"',
      'bad.tsx:9: JSX child string "Oi ${…}"',
      'bad.tsx:10: literal label="Total: ${…}"',
    ]);
  });

  it('accepts translated text', () => {
    const snippet = [
      "import { useTranslation } from 'react-i18next';",
      'export function Good() {',
      "  const { t } = useTranslation('common');",
      "  return <p title={t('nav.home')} data-testid=\"x\">{t('nav.home')} · 2025 ({'…'})<img alt=\"\" /></p>;",
      '}',
    ].join('\n');
    expect(findLiteralStrings('good.tsx', snippet)).toEqual([]);
  });

  it('checks t() keys against the namespace of the nearest useTranslation', () => {
    const keys: KeySet = new Map([
      ['common', new Set(['nav', 'nav.home', 'plan', 'plan.trialDays_one', 'plan.trialDays_other'])],
      ['pages', new Set(['home', 'home.title'])],
    ]);
    const snippet = [
      'function A() {',
      "  const { t } = useTranslation('pages');",
      "  return [t('home.title'), t('nav.home'), t('common:nav.home'), t(`${x}.title`), t('home')];",
      '}',
      'function B() {',
      '  const { t } = useTranslation();',
      "  return [t('nav.home'), t('plan.trialDays', { count: 2 }), t('plan.trialDays'), t(x ? 'nav.home' : 'nav.away')];",
      '}',
      "function C() { const { t } = useTranslation('nope'); return t('a', { ns: 'pages' }); }",
    ].join('\n');
    expect(findUnknownKeys('keys.tsx', snippet, keys).map(format)).toEqual([
      'keys.tsx:9: useTranslation: no namespace file locales/pt-BR/nope.json',
      'keys.tsx:3: t("nav.home"): "pages:nav.home" does not exist in locales/pt-BR/pages.json',
      'keys.tsx:3: t("home"): "pages:home" is an object, not a text in locales/pt-BR/pages.json',
      'keys.tsx:7: t("plan.trialDays"): "common:plan.trialDays" is plural: pass count in locales/pt-BR/common.json',
      'keys.tsx:7: t("nav.away"): "common:nav.away" does not exist in locales/pt-BR/common.json',
      'keys.tsx:9: t("a"): "pages:a" does not exist in locales/pt-BR/pages.json',
    ]);
  });
});
