import { describe, expect, it } from 'vitest';
import { INDEXED_PATHS, languageParam, pageUrl, robotsTxt, seoHeadTags, sitemapXml } from './site-seo.ts';

describe('site findability', () => {
  it.each([
    ['?lang=es', 'es'],
    ['?lang=en', 'en-US'],
    ['?x=1&lang=PT-br', 'pt-BR'],
    ['?lang=fr', null],
    ['', null],
  ])('the address %j asks for %s', (search, language) => {
    expect(languageParam(search)).toBe(language);
  });

  it("names a page per language; the default language's (and x-default's) is the address without ?lang=", () => {
    expect(pageUrl('https://dosehub.example', '/faq', 'en-US')).toBe('https://dosehub.example/faq?lang=en-US');
    expect(pageUrl('https://dosehub.example', '/faq', 'pt-BR')).toBe('https://dosehub.example/faq');
    expect(pageUrl('https://dosehub.example', '/faq')).toBe('https://dosehub.example/faq');
  });

  it('escapes the texts it puts in attributes', () => {
    const tags = seoHeadTags({ origin: 'https://d.example', path: '/', language: 'es', title: 'A "B" & <C>', description: 'x' });
    expect(tags).toContain('<meta property="og:title" content="A &quot;B&quot; &amp; &lt;C>">');
    expect(tags).toContain('<meta property="og:locale" content="es_ES">');
    expect(tags.match(/og:locale:alternate/g)).toHaveLength(2);
    expect(tags.match(/rel="canonical"/g)).toHaveLength(1);
  });

  it('lists every indexed page in each language once in the sitemap, and points robots.txt at it', () => {
    const locations = [...sitemapXml('https://d.example').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(INDEXED_PATHS.length * 3);
    expect(new Set(locations).size).toBe(locations.length);
    expect(robotsTxt('https://d.example')).toContain('Sitemap: https://d.example/sitemap.xml');
  });
});
