import { describe, expect, it } from 'vitest';
import { deidentifyFile } from './deidentify.ts';
import { textOf, type DicomDataset } from './dicom-dataset.ts';
import { readDicom, writeDicom } from './dicom-file.ts';
import { makeFileInCharacterSet, makeStudyFile } from './testing/make-dicom.ts';
import { UidMap } from './uid-map.ts';

const ESC = 0x1b;
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const jis = (...bytes: number[]) => [ESC, 0x24, 0x42, ...bytes, ESC, 0x28, 0x42];
const ksc = (...bytes: number[]) => [ESC, 0x24, 0x29, 0x43, ...bytes];

/** PS3.5 Annex H and I's examples, and a Greek name in ISO 8859-7. */
const NAMES = [
  {
    language: 'Japanese (ISO 2022 IR 87)',
    characterSet: ['', 'ISO 2022 IR 87'],
    bytes: [
      ...ascii('Yamada^Tarou='),
      ...jis(0x3b, 0x33, 0x45, 0x44),
      0x5e,
      ...jis(0x42, 0x40, 0x4f, 0x3a),
      0x3d,
      ...jis(0x24, 0x64, 0x24, 0x5e, 0x24, 0x40),
      0x5e,
      ...jis(0x24, 0x3f, 0x24, 0x6d, 0x24, 0x26),
    ],
    name: { Alphabetic: 'Yamada^Tarou', Ideographic: '山田^太郎', Phonetic: 'やまだ^たろう' },
    surname: jis(0x3b, 0x33, 0x45, 0x44),
    other: { bytes: jis(0x46, 0x7c, 0x4b, 0x5c), text: '日本' },
  },
  {
    language: 'Korean (ISO 2022 IR 149)',
    characterSet: ['', 'ISO 2022 IR 149'],
    bytes: [
      ...ascii('Hong^Gildong='),
      ...ksc(0xfb, 0xf3),
      0x5e,
      ...ksc(0xd1, 0xce, 0xd4, 0xd7),
      0x3d,
      ...ksc(0xc8, 0xab),
      0x5e,
      ...ksc(0xb1, 0xe6, 0xb5, 0xbf),
    ],
    name: { Alphabetic: 'Hong^Gildong', Ideographic: '洪^吉洞', Phonetic: '홍^길동' },
    surname: ksc(0xfb, 0xf3),
    other: { bytes: ksc(0xc7, 0xd1, 0xb1, 0xb9), text: '한국' },
  },
  {
    language: 'Greek (ISO_IR 126)',
    characterSet: ['ISO_IR 126'],
    bytes: [0xc4, 0xe9, 0xef, 0xed, 0xf5, 0xf3, 0xe9, 0xef, 0xf2],
    name: { Alphabetic: 'Διονυσιος' },
    surname: [0xc4, 0xe9, 0xef, 0xed, 0xf5, 0xf3, 0xe9, 0xef, 0xf2],
    other: { bytes: [0xc5, 0xeb, 0xeb, 0xe7, 0xed], text: 'Ελλην' },
  },
];

describe('names in other character sets', () => {
  it.each(NAMES)('a $language name is read as written, not refused or mangled', ({ characterSet, bytes, name }) => {
    const { dataset } = readDicom(makeFileInCharacterSet(characterSet, { '00100010': { vr: 'PN', bytes } }));
    expect(dataset['00100010']?.Value).toEqual([name]);
  });

  it.each(NAMES)('a $language name is found in free text and replaced; other text is kept, in UTF-8', ({ characterSet, bytes, surname, other }) => {
    const file = makeFileInCharacterSet(characterSet, {
      '00100010': { vr: 'PN', bytes },
      '00102110': { vr: 'LO', bytes: [...surname, ...ascii(' allergy')] },
      '00102160': { vr: 'SH', bytes: other.bytes },
    });
    const { meta, dataset } = readDicom(file);
    deidentifyFile(meta, dataset, { patientId: 'DH-1', uids: new UidMap() });
    const copy = readDicom(writeDicom({ meta, dataset })).dataset;
    expect(textOf(copy, '00080005')).toBe('ISO_IR 192');
    expect(copy['00100010']?.Value).toEqual([]);
    expect(copy['00102110']?.Value).toEqual(['ANONYMIZED']);
    expect(copy['00102160']?.Value).toEqual([other.text]);
  });

  it('decodes text inside sequence items in the data set character set (UTF-8), not as Latin-1', () => {
    const item: DicomDataset = { '00180031': { vr: 'LO', Value: ['Lu-177 São Paulo ç'] } };
    const { dataset } = readDicom(makeStudyFile({ extra: { '00540016': { vr: 'SQ', Value: [item] } } }));
    expect(textOf((dataset['00540016']!.Value as DicomDataset[])[0]!, '00180031')).toBe('Lu-177 São Paulo ç');
  });
});
