// The site's content module (src/app/features/pages/content/) names its texts by key: each must exist in every language.
import fs from 'node:fs';
import path from 'node:path';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { INDEXED_PATHS } from '#shared/site-seo.ts';
import { descriptionKey } from '#app/features/pages/content/page-meta.ts';
import { ARTICLES, BENEFITS, FAQ, HOW_WE_WORK, SLIDES, TEAM, TESTIMONIALS } from '#app/features/pages/content/site-content.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const PUBLIC = path.resolve(import.meta.dirname, '../../../public');

function text(language: string, key: string): unknown {
  const [namespace, rest] = key.split(':') as [string, string];
  const data: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
  return rest.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
}

const CONTENT_KEYS = [
  ...SLIDES.map((slide) => slide.captionKey),
  ...HOW_WE_WORK.flatMap((step) => [step.titleKey, step.bodyKey]),
  ...BENEFITS.flatMap((benefit) => [benefit.titleKey, benefit.bodyKey]),
  ...TEAM.map((member) => member.roleKey),
  ...TESTIMONIALS.flatMap((item) => [item.textKey, item.personTitleKey]),
  ...ARTICLES.flatMap((article) => [article.titleKey, article.abstractKey]),
  ...FAQ.flatMap((item) => [item.questionKey, item.answerKey]),
  ...INDEXED_PATHS.map(descriptionKey),
  ...SERVICE_IDS.flatMap((id) => ['title', 'body', 'shortDescription', 'productDescription'].map((field) => `catalog:services.${id}.${field}`)),
];

describe('the site content module', () => {
  it.each(SUPPORTED_LANGUAGES)('every text it names exists in %s', (language) => {
    const missing = CONTENT_KEYS.filter((key) => typeof text(language, key) !== 'string' || (text(language, key) as string).trim() === '');
    expect(missing).toEqual([]);
  });

  it('every pre-rendered page has its own description, not the generic one', () => {
    expect(INDEXED_PATHS.filter((page) => !['/login', '/signup'].includes(page)).map(descriptionKey)).not.toContain('common:metaDescription');
  });

  it.each(SUPPORTED_LANGUAGES)('in %s the FAQ says how patient data is protected: de-identification before upload, who sees what, where it is kept', (language) => {
    const answer = (id: string) => {
      const item = FAQ.find((candidate) => candidate.id === id);
      return item ? `${String(text(language, item.questionKey))} ${String(text(language, item.answerKey))}` : `no question "${id}"`;
    };
    expect(answer('privacy')).toContain('HTTPS');
    expect(answer('deidentification')).toMatch(/DICOM[\s\S]*PS3\.15/);
    expect(answer('access')).toMatch(/DoseHub/);
    expect(answer('storage')).toMatch(/PostgreSQL[\s\S]*S3/);
  });

  it('every image it names is in public/, at each width it claims', () => {
    const images = [...SLIDES.map((s) => s.image), ...HOW_WE_WORK.map((s) => s.image), ...TEAM.map((m) => m.photo), ...TESTIMONIALS.map((t) => t.logo), ...ARTICLES.map((a) => a.image)];
    const files = images.flatMap((image) =>
      image.widths ? image.widths.flatMap((width) => ['avif', 'webp'].map((format) => image.src.replace(/-\d+\.webp$/, `-${width}.${format}`))) : [image.src],
    );
    expect(files.filter((file) => !fs.existsSync(path.join(PUBLIC, file)))).toEqual([]);
  });
});
