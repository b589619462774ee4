/**
 * A DICOM person name (PN: `Family^Given^Middle^Prefix^Suffix`, each of up to three `=`-separated representations)
 * as people write it: "Prefix Given Middle Family Suffix" from the first representation ("ACCPHI^JYRG8KY9ZE" →
 * "JYRG8KY9ZE ACCPHI"). Empty components are left out; a name without `^` is returned trimmed.
 */
export function formatPersonName(pn: string): string {
  const [alphabetic = ''] = pn.split('=');
  const [family = '', given = '', middle = '', prefix = '', suffix = ''] = alphabetic.split('^').map((part) => part.trim());
  return [prefix, given, middle, family, suffix].filter(Boolean).join(' ');
}
