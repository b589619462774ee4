import fs from 'node:fs';
import { expect, it } from 'vitest';
import { IOD_TYPES_FILE, iodTypesSource } from './generate-iod-types.ts';

it('the IOD type table is what dicom3tools says today (regenerate it when the profile table or dciodvfy changes)', () => {
  expect(iodTypesSource()).toBe(fs.readFileSync(IOD_TYPES_FILE, 'utf8'));
});
