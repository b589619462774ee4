import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, acceptLanguage?: string) =>
  t.app.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

describe('GET /api/v1/isotopes/ (v1 fixture, newest first)', () => {
  it('lists all 16 without q', async () => {
    const response = await get('/api/v1/isotopes/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 16,
      row: ['Re-186', 'Re-188', 'P-32', 'Y-90', 'Tc-99m', 'Tb-161', 'Sm-153', 'In-111', 'I-131', 'I-124', 'Ho-166', 'Ga-68', 'F-18', 'Cu-67', 'Cu-64', 'Lu-177'],
    });
  });

  it('filters the 13 dosimetry isotopes', async () => {
    const response = await get('/api/v1/isotopes/?q=dosimetry');
    expect(response.json()).toEqual({
      count: 13,
      row: ['Y-90', 'Tc-99m', 'Tb-161', 'Sm-153', 'In-111', 'I-131', 'I-124', 'Ho-166', 'Ga-68', 'F-18', 'Cu-67', 'Cu-64', 'Lu-177'],
    });
  });

  it('filters the 6 radiosyno isotopes, with or without the trailing slash', async () => {
    for (const url of ['/api/v1/isotopes/?q=radiosyno', '/api/v1/isotopes?q=radiosyno']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ count: 6, row: ['Re-186', 'Re-188', 'P-32', 'Y-90', 'Sm-153', 'Lu-177'] });
    }
  });

  it('treats any other q as no filter (v1)', async () => {
    const response = await get('/api/v1/isotopes/?q=banana');
    expect(response.json().count).toBe(16);
  });
});

describe('GET /api/v1/services/', () => {
  it('lists the five services in SPEC order with localized texts', async () => {
    const pt = (await get('/api/v1/services/')).json();
    expect(pt.count).toBe(5);
    expect(pt.row.map((s: { id: string }) => s.id)).toEqual(['dosi-clin', 'dosi-preclin', 'seg-quant', 'radiosino', 'model-comp']);
    expect(pt.row.map((s: { title: string }) => s.title)).toEqual([
      'Dosimetria Clínica',
      'Dosimetria Pré-Clínica',
      'Segmentação e Quantificação',
      'Radiosinoviortese',
      'Modelagem Computacional',
    ]);
    const clinical = pt.row[0];
    expect(clinical).toMatchObject({ code: 'DC', img: '/images/services/dosi-clin.svg', hasAnalyses: true });
    expect(clinical.longDescription).toHaveLength(4);
    expect(pt.row[4]).toMatchObject({ code: null, hasAnalyses: false });

    const en = (await get('/api/v1/services/', 'en-US')).json();
    const es = (await get('/api/v1/services/', 'es')).json();
    expect(en.row[0].title).not.toBe(clinical.title);
    expect(es.row[0].title).not.toBe(en.row[0].title);
    for (const body of [pt, en, es]) {
      for (const service of body.row) {
        for (const text of [service.title, service.body, service.shortDescription, service.productDescription, ...service.longDescription]) {
          expect(text).not.toMatch(/^services\./); // a missing translation would echo its key
          expect(text.length).toBeGreaterThan(3);
        }
      }
    }
  });

  it('gives one service, and a translated 404 for an unknown id', async () => {
    expect((await get('/api/v1/services/radiosino/')).json()).toMatchObject({ id: 'radiosino', code: 'RA' });
    const missing = await get('/api/v1/services/nope/', 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: ['Service not found.'] });
  });
});

describe('GET /api/v1/plans/', () => {
  it('lists the two plans of docs/product.md §9 with the calculator benefit', async () => {
    const body = (await get('/api/v1/plans/', 'en-US')).json();
    expect(body.count).toBe(2);
    const calculator = {
      id: 'a56ae0d0-9ba5-45ba-846f-f66897b7b424',
      name: 'Radiosynoviorthesis calculator',
      uri: '/dashboard/my-signatures/benefits/calculator',
    };
    expect(body.row[0]).toMatchObject({ id: 'monthly', modality: 'monthly', price: 60, discount: 0, trialTime: 30, benefits: [calculator] });
    expect(body.row[1]).toMatchObject({ id: 'yearly', modality: 'yearly', price: 600, discount: 380, trialTime: 30, benefits: [calculator] });
    expect(body.row[0].title).toBe('Monthly plan');
  });

  it('localizes plan titles and benefit names', async () => {
    const body = (await get('/api/v1/plans/yearly/', 'es')).json();
    expect(body.title).toBe('Plan anual');
    expect(body.benefits[0].name).toBe('Calculadora de radiosinoviortesis');
    const missing = await get('/api/v1/plans/free/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: ['Plano não encontrado.'] });
  });
});

describe('GET /api/v1/health/', () => {
  it('answers ok after a database round trip, with and without the slash', async () => {
    for (const url of ['/api/v1/health/', '/api/v1/health']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('OpenAPI', () => {
  it('documents the catalog routes at /api/v1/docs/json', async () => {
    const response = await get('/api/v1/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/isotopes/', '/api/v1/services/', '/api/v1/plans/', '/api/v1/health/']),
    );
    expect((await get('/api/v1/docs/')).statusCode).toBe(200);
  });
});
