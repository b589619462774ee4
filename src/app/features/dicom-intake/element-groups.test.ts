import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en-US/dicom.json';
import { keywordOf } from '#shared/dicom/dicom-file.ts';
import { PROFILE_TABLE } from '#shared/dicom/profile-table.ts';
import { profileEntryOf } from '#shared/dicom/profile.ts';
import { groupOf } from './element-groups.ts';

const groupOfTag = (tag: string) => groupOf(profileEntryOf(tag)!);

describe('the groups the clinician sees the removed and kept elements in', () => {
  it.each([
    ['00100010', 'patient'],
    ['00100030', 'patient'],
    ['00101040', 'patient'],
    ['00080080', 'staff'],
    ['00080090', 'staff'],
    ['00081070', 'staff'],
    ['00080050', 'visit'],
    ['00200010', 'visit'],
    ['00081030', 'text'],
    ['00104000', 'text'],
    ['00181000', 'device'],
    ['00081010', 'device'],
    ['00080020', 'dates'],
    ['00080032', 'dates'],
    ['00101030', 'characteristics'],
    ['00100040', 'characteristics'],
  ])('%s → %s', (tag, group) => {
    expect(groupOfTag(tag)).toBe(group);
  });

  it('every translated element is a keyword of the profile (no translation is dead), and a scanner file\'s common ones are translated', () => {
    const keywords = new Set(PROFILE_TABLE.map(([tag]) => keywordOf(tag)));
    expect(Object.keys(enUS.elements).filter((keyword) => !keywords.has(keyword))).toEqual([]);
    for (const tag of ['00100010', '00100020', '00100030', '00080080', '00080090', '00080050', '00081030', '00080020', '00080022', '00101030', '00100040']) {
      expect(enUS.elements).toHaveProperty(keywordOf(tag));
    }
  });
});
