/** 1 mCi = 37 MBq. */
export const MBQ_PER_MCI = 37;

/**
 * Radionuclide Total Dose (0018,1074) in MBq. Its unit depends on the module that holds it: the NM
 * Isotope Module defines it in MBq (PS3.3 C.8.4.10.1.7), the PET Isotope Module in Bq (C.8.9.2); for
 * other modalities the standard does not say, so no value is shown rather than a guess.
 */
export function activityInMBq(modality: string, totalDose: number | null): number | null {
  if (totalDose === null) return null;
  if (modality === 'NM') return totalDose;
  if (modality === 'PT') return totalDose / 1e6;
  return null;
}
