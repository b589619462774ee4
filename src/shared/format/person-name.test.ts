import { describe, expect, it } from 'vitest';
import { formatPersonName } from './person-name.ts';

describe('formatPersonName (DICOM PN)', () => {
  it.each([
    ['ACCPHI^JYRG8KY9ZE', 'JYRG8KY9ZE ACCPHI'],
    ['Souza^Ana^Maria^Dra.^Jr.', 'Dra. Ana Maria Souza Jr.'],
    ['Souza^Ana^^^', 'Ana Souza'],
    ['Yamada^Tarou=山田^太郎', 'Tarou Yamada'],
    ['  Anonymous  ', 'Anonymous'],
    ['', ''],
  ])('%j → %j', (pn, expected) => {
    expect(formatPersonName(pn)).toBe(expected);
  });
});
