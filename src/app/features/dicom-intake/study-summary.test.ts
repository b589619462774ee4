import { describe, expect, it } from 'vitest';
import { readDicom } from '#shared/dicom/dicom-file.ts';
import { makeStudyFile } from '#shared/dicom/testing/make-dicom.ts';
import { SummaryBuilder } from './study-summary.ts';

/** A file whose Radionuclide Total Dose (0018,1074) is `dose`, as its modality writes it. */
const image = (modality: string, dose: string) =>
  readDicom(
    makeStudyFile({
      modality,
      extra: { '00540016': { vr: 'SQ', Value: [{ '00180031': { vr: 'LO', Value: ['Lu-177 PSMA'] }, '00181074': { vr: 'DS', Value: [dose] } }] } },
    }),
  ).dataset;

const seriesOf = (...datasets: ReturnType<typeof image>[]) => {
  const builder = new SummaryBuilder();
  for (const dataset of datasets) builder.addDicom(dataset, 1000);
  return builder.result().series;
};

describe('the injected activity of a series (Radionuclide Total Dose in the unit of its modality)', () => {
  it.each([
    ['NM, which gives it in MBq (PS3.3 C.8.4.10.1.7)', 'NM', '7400', 7400],
    ['PET, which gives it in Bq (PS3.3 C.8.9.2)', 'PT', '7400000000', 7400],
    ['PET, a fraction of a MBq kept', 'PT', '185500000', 185.5],
    ['a modality the standard gives no unit for: not guessed', 'CT', '7400', null],
  ])('%s', (_case, modality, dose, mbq) => {
    expect(seriesOf(image(modality, dose))).toEqual([expect.objectContaining({ injectedActivityMBq: mbq, activityDiffers: false })]);
  });

  it('says when the images of a series contradict each other (the first value is shown)', () => {
    expect(seriesOf(image('NM', '7400'), image('NM', '7400'))).toEqual([expect.objectContaining({ injectedActivityMBq: 7400, activityDiffers: false })]);
    expect(seriesOf(image('NM', '7400'), image('NM', '5550'))).toEqual([expect.objectContaining({ injectedActivityMBq: 7400, activityDiffers: true })]);
  });
});
