/**
 * Text of a DICOM data set in the character sets its Specific Character Set (0008,0005) names (PS3.3
 * C.12.1.1.2, PS3.5 §6.1), decoded by the platform's maintained decoders (TextDecoder: iso-8859-*, utf-8,
 * gb18030, gbk, shift_jis, euc-jp, euc-kr), not by hand-written tables. Single-value terms decode the
 * whole value with one decoder. ISO 2022 terms (code extensions) are followed escape sequence by escape
 * sequence: bytes below 0x80 belong to the set designated to G0, the rest to G1, and each run is decoded
 * by its set's decoder (JIS X 0208 and 0212 in G0 through euc-jp, their EUC form). The initial sets come
 * back after each delimiter, as PS3.5 6.1.2.5.3 says.
 */
export interface TextDecoding {
  decode(bytes: DataView | Uint8Array): string;
}

/** A G0 or G1 set: its decoder, and how bytes of a run become that decoder's form. */
interface CodedSet {
  label: string;
  form?: 'euc' | 'euc-0212';
}

const ASCII: CodedSet = { label: 'windows-1252' };

/** Single-value terms without code extensions. */
const PLAIN: Record<string, string> = {
  '': 'windows-1252',
  ISO_IR_6: 'windows-1252',
  ISO_IR_100: 'iso-8859-1',
  ISO_IR_101: 'iso-8859-2',
  ISO_IR_109: 'iso-8859-3',
  ISO_IR_110: 'iso-8859-4',
  ISO_IR_144: 'iso-8859-5',
  ISO_IR_127: 'iso-8859-6',
  ISO_IR_126: 'iso-8859-7',
  ISO_IR_138: 'iso-8859-8',
  ISO_IR_148: 'iso-8859-9',
  ISO_IR_203: 'iso-8859-15',
  ISO_IR_166: 'windows-874',
  ISO_IR_13: 'shift_jis',
  ISO_IR_192: 'utf-8',
  GB18030: 'gb18030',
  GBK: 'gbk',
};

/** ISO 2022 terms: the G0 and G1 sets each designates (none for G1: G1 unchanged). */
const EXTENDED: Record<string, { g0?: CodedSet; g1?: CodedSet }> = {
  ISO_2022_IR_6: { g0: ASCII },
  ISO_2022_IR_100: { g0: ASCII, g1: { label: 'iso-8859-1' } },
  ISO_2022_IR_101: { g0: ASCII, g1: { label: 'iso-8859-2' } },
  ISO_2022_IR_109: { g0: ASCII, g1: { label: 'iso-8859-3' } },
  ISO_2022_IR_110: { g0: ASCII, g1: { label: 'iso-8859-4' } },
  ISO_2022_IR_144: { g0: ASCII, g1: { label: 'iso-8859-5' } },
  ISO_2022_IR_127: { g0: ASCII, g1: { label: 'iso-8859-6' } },
  ISO_2022_IR_126: { g0: ASCII, g1: { label: 'iso-8859-7' } },
  ISO_2022_IR_138: { g0: ASCII, g1: { label: 'iso-8859-8' } },
  ISO_2022_IR_148: { g0: ASCII, g1: { label: 'iso-8859-9' } },
  ISO_2022_IR_203: { g0: ASCII, g1: { label: 'iso-8859-15' } },
  ISO_2022_IR_166: { g0: ASCII, g1: { label: 'windows-874' } },
  ISO_2022_IR_13: { g0: ASCII, g1: { label: 'shift_jis' } },
  ISO_2022_IR_87: { g0: { label: 'euc-jp', form: 'euc' } },
  ISO_2022_IR_159: { g0: { label: 'euc-jp', form: 'euc-0212' } },
  ISO_2022_IR_149: { g1: { label: 'euc-kr' } },
  ISO_2022_IR_58: { g1: { label: 'gb18030' } },
};

/** The escape sequences of PS3.3 Table C.12-3/-4, after ESC, with the term they designate. */
const ESCAPES: Record<string, string> = {
  '(B': 'ISO_2022_IR_6',
  '(J': 'ISO_2022_IR_6',
  '-A': 'ISO_2022_IR_100',
  '-B': 'ISO_2022_IR_101',
  '-C': 'ISO_2022_IR_109',
  '-D': 'ISO_2022_IR_110',
  '-L': 'ISO_2022_IR_144',
  '-G': 'ISO_2022_IR_127',
  '-F': 'ISO_2022_IR_126',
  '-H': 'ISO_2022_IR_138',
  '-M': 'ISO_2022_IR_148',
  '-b': 'ISO_2022_IR_203',
  '-T': 'ISO_2022_IR_166',
  ')I': 'ISO_2022_IR_13',
  $B: 'ISO_2022_IR_87',
  '$(D': 'ISO_2022_IR_159',
  '$)C': 'ISO_2022_IR_149',
  '$)A': 'ISO_2022_IR_58',
};

const ESC = 0x1b;
/** CR, LF, FF, TAB, and the value and name-part delimiters \ ^ =. */
const DELIMITERS = new Set([0x0d, 0x0a, 0x0c, 0x09, 0x5c, 0x5e, 0x3d]);

const termOf = (value: unknown) => String(value ?? '').trim().replace(/[ -]/g, '_').toUpperCase();

export class UnsupportedCharacterSetError extends Error {}

/** The decoding of text in the character sets of a Specific Character Set value; throws on a term it does not know. */
export function textDecodingFor(values: readonly unknown[]): TextDecoding {
  const terms = values.length === 0 ? [''] : values.map(termOf);
  if (terms.length === 1 && terms[0]! in PLAIN) return new TextDecoder(PLAIN[terms[0]!]);
  const unknown = terms.find((term) => term !== '' && !(term in EXTENDED));
  if (unknown !== undefined) throw new UnsupportedCharacterSetError(`Unsupported character set: ${unknown}`);
  const first = EXTENDED[terms[0]!] ?? {};
  return { decode: (bytes) => decodeExtended(asBytes(bytes), first.g0 ?? ASCII, first.g1) };
}

const asBytes = (view: DataView | Uint8Array) => (view instanceof Uint8Array ? view : new Uint8Array(view.buffer, view.byteOffset, view.byteLength));

function decodeExtended(bytes: Uint8Array, initialG0: CodedSet, initialG1: CodedSet | undefined): string {
  let g0 = initialG0;
  let g1 = initialG1 ?? { label: 'windows-1252' };
  let text = '';
  let run: number[] = [];
  let runSet: CodedSet | null = null;
  const flush = () => {
    if (runSet && run.length > 0) text += decodeRun(run, runSet);
    run = [];
  };
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte === ESC) {
      const escape = escapeAt(bytes, at + 1);
      const designated = escape && EXTENDED[ESCAPES[escape]!];
      if (designated) {
        flush();
        g0 = designated.g0 ?? g0;
        g1 = designated.g1 ?? g1;
        at += escape.length;
        continue;
      }
    }
    const set = byte < 0x80 ? g0 : g1;
    if (set !== runSet) {
      flush();
      runSet = set;
    }
    run.push(byte);
    if (byte < 0x80 && DELIMITERS.has(byte) && !g0.form) {
      flush();
      g0 = initialG0;
      g1 = initialG1 ?? g1;
    }
  }
  flush();
  return text;
}

function escapeAt(bytes: Uint8Array, at: number): string | null {
  for (const length of [2, 3]) {
    const escape = String.fromCharCode(...bytes.subarray(at, at + length));
    if (escape in ESCAPES) return escape;
  }
  return null;
}

const decoders = new Map<string, TextDecoding>();
function decoderOf(label: string): TextDecoding {
  let decoder = decoders.get(label);
  if (!decoder) decoders.set(label, (decoder = new TextDecoder(label)));
  return decoder;
}

/** A run's bytes in its set's decoder form: JIS X 0208 (0212) in G0 as EUC-JP, with the high bit (and SS3). */
function decodeRun(run: number[], set: CodedSet): string {
  if (set.form === 'euc') return decoderOf(set.label).decode(new Uint8Array(run.map((byte) => byte | 0x80)));
  if (set.form === 'euc-0212') {
    const bytes = run.flatMap((byte, index) => (index % 2 === 0 ? [0x8f, byte | 0x80] : [byte | 0x80]));
    return decoderOf(set.label).decode(new Uint8Array(bytes));
  }
  return decoderOf(set.label).decode(new Uint8Array(run));
}
