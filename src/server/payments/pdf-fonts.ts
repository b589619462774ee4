import PDFDocument from 'pdfkit';

/**
 * pdfkit parses a standard font's metrics (its AFM widths and kerning pairs) again for every document, ~40% of a
 * boleto's rendering. The parsed metrics never change: each document gets a font object of its own (its id and
 * PDF dictionary) over metrics parsed once per process. This leans on pdfkit's `_fontFamilies` and `_fontCount`;
 * the payment tests read the rendered PDF's text back.
 */

export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

interface FontRegistry {
  _fontFamilies: Record<string, object>;
  _fontCount: number;
  _font: object;
}

const parsedFonts = new Map<StandardFontName, object>();

function parsedFont(name: StandardFontName): object {
  let font = parsedFonts.get(name);
  if (!font) {
    const probe = new PDFDocument({ autoFirstPage: false, font: name }) as unknown as FontRegistry;
    parsedFonts.set(name, (font = probe._font));
  }
  return font;
}

/** A document without pdfkit's default font: its fonts come from `useStandardFont`. */
export const newDocument = (options: PDFKit.PDFDocumentOptions) => new PDFDocument({ ...options, font: '' });

/** Sets `name` as `doc`'s font, made from the metrics parsed once per process. */
export function useStandardFont(doc: PDFKit.PDFDocument, name: StandardFontName): PDFKit.PDFDocument {
  const registry = doc as unknown as FontRegistry;
  if (!registry._fontFamilies[name]) {
    const parsed = parsedFont(name);
    const own = { document: doc, id: `F${++registry._fontCount}`, dictionary: undefined, embedded: false };
    registry._fontFamilies[name] = Object.assign(Object.create(Object.getPrototypeOf(parsed) as object) as object, parsed, own);
  }
  return doc.font(name);
}
