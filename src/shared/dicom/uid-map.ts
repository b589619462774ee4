/**
 * The study's UID replacements: the same original UID always gets the same new one (across every file
 * of the study, and wherever it appears: its own element, a reference, the file meta), so references
 * still point at the right file. New UIDs are 2.25 UUID-derived UIDs (PS3.5 B.2), never derived from the
 * original (no way back from the new UID).
 */
export class UidMap {
  private readonly replacements = new Map<string, string>();

  replace(uid: string): string {
    const original = uid.replace(/\0/g, '').trim();
    if (original === '') return original;
    let replacement = this.replacements.get(original);
    if (!replacement) {
      replacement = randomUid();
      this.replacements.set(original, replacement);
    }
    return replacement;
  }

  get size() {
    return this.replacements.size;
  }
}

function randomUid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return `2.25.${value}`;
}

/** UIDs the standard defines (SOP classes, transfer syntaxes, coding schemes, well-known frames of reference). */
const isStandardUid = (uid: string) => uid.startsWith('1.2.840.10008.');

/** Elements whose UID names a class or a scheme, not an instance: kept whatever their value. */
const CLASS_UID_TAGS = new Set([
  '00020002', // Media Storage SOP Class UID
  '00020010', // Transfer Syntax UID
  '00020012', // Implementation Class UID
  '00080016', // SOP Class UID
  '0008010C', // Coding Scheme UID
  '0008010D', // Context Group Extension Creator UID
  '00080118', // Mapping Resource UID
  '00081150', // Referenced SOP Class UID
  '0008115A', // SOP Classes Supported
  '00041510', // Referenced SOP Class UID in File
  '00041512', // Referenced Transfer Syntax UID in File
]);

/** Whether a UI element's value is an instance UID to replace (every UID except class and standard ones). */
export function isInstanceUid(tag: string, uid: string): boolean {
  return !CLASS_UID_TAGS.has(tag) && !isStandardUid(uid.trim());
}
