import type { BasicAction } from './profile-table.ts';

/** The codes of Table E.1-1 whose letter depends on the element's type in the object's IOD (profile.ts). */
export const COMPOUND_ACTIONS: readonly BasicAction[] = ['Z/D', 'X/Z', 'X/D', 'X/Z/D'];

/**
 * The SOP classes whose IOD types src/build/generate-iod-types.ts records (iod-types.ts): what reaches a
 * dosimetry intake (NM, PET, CT, MR, X-ray angiography, secondary captures, RT objects, SR, waveforms).
 */
export const IOD_NAMES: Readonly<Record<string, string>> = {
  '1.2.840.10008.5.1.4.1.1.20': 'NM Image',
  '1.2.840.10008.5.1.4.1.1.128': 'PET Image',
  '1.2.840.10008.5.1.4.1.1.130': 'Enhanced PET Image',
  '1.2.840.10008.5.1.4.1.1.2': 'CT Image',
  '1.2.840.10008.5.1.4.1.1.2.1': 'Enhanced CT Image',
  '1.2.840.10008.5.1.4.1.1.4': 'MR Image',
  '1.2.840.10008.5.1.4.1.1.4.1': 'Enhanced MR Image',
  '1.2.840.10008.5.1.4.1.1.12.1': 'X-Ray Angiographic Image',
  '1.2.840.10008.5.1.4.1.1.7': 'Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.7.2': 'Multi-frame Grayscale Byte Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.7.3': 'Multi-frame Grayscale Word Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.7.4': 'Multi-frame True Color Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.481.1': 'RT Image',
  '1.2.840.10008.5.1.4.1.1.481.2': 'RT Dose',
  '1.2.840.10008.5.1.4.1.1.481.3': 'RT Structure Set',
  '1.2.840.10008.5.1.4.1.1.481.5': 'RT Plan',
  '1.2.840.10008.5.1.4.1.1.481.8': 'RT Ion Plan',
  '1.2.840.10008.5.1.4.1.1.66.1': 'Spatial Registration',
  '1.2.840.10008.5.1.4.1.1.88.11': 'Basic Text SR',
  '1.2.840.10008.5.1.4.1.1.88.22': 'Enhanced SR',
  '1.2.840.10008.5.1.4.1.1.88.33': 'Comprehensive SR',
  '1.2.840.10008.5.1.4.1.1.88.67': 'X-Ray Radiation Dose SR',
  '1.2.840.10008.5.1.4.1.1.88.68': 'Radiopharmaceutical Radiation Dose SR',
  '1.2.840.10008.5.1.4.1.1.9.1.1': '12-lead ECG Waveform',
  '1.2.840.10008.5.1.4.1.1.9.1.2': 'General ECG Waveform',
  '1.2.840.10008.5.1.4.1.1.104.1': 'Encapsulated PDF',
};
