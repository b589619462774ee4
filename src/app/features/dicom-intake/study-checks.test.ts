import { describe, expect, it } from 'vitest';
import { blocks, checkStudy } from './study-checks.ts';
import { formatDateTime } from './study-summary.ts';
import { seriesSummary, studySummary } from './testing/summaries.ts';

const series = seriesSummary;
const summary = studySummary;

describe('checkStudy', () => {
  it('a complete NM study for dosimetry passes without a word', () => {
    expect(checkStudy(summary(), 'dosimetry')).toEqual([]);
  });

  it('warns (the user may go on) when a dosimetry series lacks timing or activity', () => {
    const checks = checkStudy(summary({ series: [series({ injectionDateTime: null }), series({ injectedActivityMBq: null, acquisitionFrom: null })] }), 'dosimetry');
    expect(checks).toEqual([
      { level: 'warn', code: 'timing', series: 2 },
      { level: 'warn', code: 'activity', series: 1 },
    ]);
    expect(blocks(checks)).toBe(false);
    // Segmentation does not need them.
    expect(checkStudy(summary({ series: [series({ injectedActivityMBq: null })] }), 'segmentation')).toEqual([]);
  });

  it('warns when the images of a dosimetry series give different activities', () => {
    expect(checkStudy(summary({ series: [series({ activityDiffers: true }), series()] }), 'dosimetry')).toEqual([{ level: 'warn', code: 'activityDiffers', series: 1 }]);
  });

  it('blocks several patients, a CT-only study for dosimetry, and nothing readable', () => {
    expect(checkStudy(summary({ patients: [{ name: 'A', id: '1' }, { name: 'B', id: '2' }] }), 'segmentation')).toEqual([{ level: 'block', code: 'patients', count: 2 }]);
    expect(checkStudy(summary({ series: [series({ modality: 'CT' })] }), 'radiosyno')).toEqual([{ level: 'block', code: 'modality', modalities: 'CT' }]);
    expect(blocks(checkStudy(summary({ dicomFiles: 0, series: [], patients: [] }), 'calibration'))).toBe(true);
  });

  it('lists burned-in annotation and secondary captures, and files left out by reason and name (five at most)', () => {
    const cut = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name: `${name}.dcm`, reason: 'cutShort' as const }));
    const unreadable = [...cut, { name: 'jp.dcm', reason: 'characterSet' as const }];
    expect(checkStudy(summary({ burnedIn: 1, secondaryCaptures: 2, unreadable }), 'segmentation')).toEqual([
      { level: 'warn', code: 'cutShort', count: 6, names: 'a.dcm, b.dcm, c.dcm, d.dcm, e.dcm, …' },
      { level: 'warn', code: 'characterSet', count: 1, names: 'jp.dcm' },
      { level: 'warn', code: 'burnedIn', count: 3 },
    ]);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['20260310', '103000.123', '2026-03-10 10:30:00'],
    ['20260310', '1030', '2026-03-10 10:30:00'],
    ['20260310', '', '2026-03-10'],
    ['', '103000', null],
  ])('%s %s → %s', (date, time, expected) => {
    expect(formatDateTime(date, time)).toBe(expected);
  });
});
