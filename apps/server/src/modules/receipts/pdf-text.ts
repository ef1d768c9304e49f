import { fileURLToPath } from 'node:url';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/*
 * One line of mixed-direction text in a PDF. pdfkit draws glyphs left to right and knows no
 * bidi; fontkit (under pdfkit) shapes Arabic (joining forms, ligatures) and lays an Arabic run
 * out right to left, but only a run given to it whole. So a line is cut here into runs by
 * embedding level (Unicode bidi algorithm, bidi-js) and by font (Noto Naskh Arabic for Arabic
 * script, Noto Sans for the rest), the runs are put in visual order, and each is drawn whole.
 */

const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
export const RECEIPT_FONTS = {
  regular: `${FONT_DIR}NotoSans-Regular.ttf`,
  bold: `${FONT_DIR}NotoSans-Bold.ttf`,
  arabic: `${FONT_DIR}NotoNaskhArabic-Regular.ttf`,
  arabicBold: `${FONT_DIR}NotoNaskhArabic-Bold.ttf`,
} as const;
type FontName = keyof typeof RECEIPT_FONTS;

type Doc = InstanceType<typeof PDFDocument>;

/*
 * Each font is parsed once per process. Given a file, pdfkit parses it again for every
 * document, and fontkit then decodes its tables (Arabic shaping, kerning) again on first use:
 * three quarters of what a receipt cost, some 80 ms of the event loop every other request
 * waits on. pdfkit also takes a parsed fontkit font, and still embeds a subset per document.
 *
 * A parsed font keeps each glyph with the characters it was first reached by, and fontkit
 * shapes Arabic by those characters. In these fonts the only characters that share a glyph
 * are a letter and its presentation forms (and the space and no-break space, which join
 * nothing), so visualRuns writes those forms as the letters they stand for: what one receipt
 * held never changes how the next is shaped.
 */
const parsedFonts = new Map<FontName, fontkit.Font>();

/*
 * The same kept glyph also gives the PDF's text its letters (pdfkit maps each glyph to the
 * characters the font keeps with it), and shaping reaches some glyphs first with none: Noto
 * Naskh draws a dotted letter as a dotless form and its dots, so a receipt whose first such
 * form came from a dotted letter left reh's final form without a letter, and every later
 * receipt of the process read "است داد" for "استرداد" when copied or read aloud. Laid out once
 * when parsed, every Arabic letter in each of its joining forms (between tatweels, which join
 * on both sides), in code point order, then lam with each alef, reaches its forms first as
 * itself, whatever the receipts.
 *
 * Embedding a document's subset reaches glyphs with no character too: an accented or Cyrillic
 * letter is drawn from the glyphs of other letters (Ç from C and a cedilla, Cyrillic у from
 * Latin y), and pdfkit's subset pulls those in by glyph. After a Russian receipt, every later
 * English receipt of the process read "ard (test pa ment, no mone moved)". So every character
 * the font maps is then reached as itself, in code point order (a space before a no-break
 * space, a letter before its presentation forms); glyphs already reached keep their letters.
 */
const TATWEEL = '\u0640';
const ARABIC_LETTERS = Array.from({ length: 0x064a - 0x0621 + 1 }, (_, index) =>
  String.fromCodePoint(0x0621 + index),
).filter((letter) => letter !== TATWEEL);
// Lam before an alef is drawn as one pair (a required ligature): plain alef first.
const LAM_ALEF = ['\u0627', '\u0622', '\u0623', '\u0625'].flatMap((alef) => [
  `\u0644${alef}`,
  `${TATWEEL}\u0644${alef}`,
]);
const JOINING_FORMS = [
  ...ARABIC_LETTERS.flatMap((letter) => [
    letter,
    `${letter}${TATWEEL}`,
    `${TATWEEL}${letter}${TATWEEL}`,
    `${TATWEEL}${letter}`,
  ]),
  ...LAM_ALEF,
];

/** The parsed font `name`, the same object for every document. */
export function receiptFont(name: FontName): fontkit.Font {
  let font = parsedFonts.get(name);
  if (!font) {
    font = fontkit.openSync(RECEIPT_FONTS[name]) as fontkit.Font;
    if (name === 'arabic' || name === 'arabicBold') for (const form of JOINING_FORMS) font.layout(form);
    for (const char of font.characterSet) font.glyphForCodePoint(char);
    parsedFonts.set(name, font);
  }
  return font;
}

/** Drops the parsed fonts: the next receipt parses them anew, as a process's first receipt does. */
export function forgetReceiptFonts(): void {
  parsedFonts.clear();
}

const withFonts = new WeakSet<Doc>();

/** `doc` with the receipt fonts named in it, so that `doc.font(name)` finds each parsed font. */
function registered(doc: Doc): Doc {
  if (!withFonts.has(doc)) {
    for (const name of Object.keys(RECEIPT_FONTS) as FontName[]) {
      // @types/pdfkit lists file names and bytes only; pdfkit 0.20 takes a fontkit font as well.
      doc.registerFont(name, receiptFont(name) as unknown as PDFKit.Mixins.PDFFontSource);
    }
    withFonts.add(doc);
  }
  return doc;
}
/** `auto`: the direction of the text's first strong letter (user data, as HTML's dir="auto"). */
export type Direction = 'ltr' | 'rtl' | 'auto';
interface Run {
  text: string;
  arabic: boolean;
  level: number;
}

const bidi = bidiFactory();
const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
// Marks that steer the bidi algorithm (Intl puts them in Arabic money) but have no glyph to draw.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Noto Naskh Arabic draws these; other punctuation comes from Noto Sans.
const NEUTRAL = /[ \u00a0.,:]/;
// Arabic Presentation Forms-A and -B: letters already in one joining form (legacy text).
const PRESENTATION_FORMS = /[\ufb50-\ufdff\ufe70-\ufeff]+/g;

/** The runs of `text`, in the order they are drawn from left to right. */
export function visualRuns(given: string, direction: Direction): Run[] {
  // As the letters they stand for, which the font then shapes for their place in the word.
  const text = given.replace(PRESENTATION_FORMS, (forms) => forms.normalize('NFKC'));
  const embedding = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const runs: Run[] = [];
  let previousArabic = false;
  for (let index = 0; index < text.length; index += 1) {
    const raw = text[index] as string;
    if (BIDI_CONTROL.test(raw)) continue;
    const char = mirrored.get(index) ?? raw;
    const level = embedding.levels[index] ?? 0;
    // Spaces and punctuation between Arabic words stay in the Arabic run, so it is shaped whole.
    const arabic: boolean = ARABIC_LETTER.test(char) || (previousArabic && level % 2 === 1 && NEUTRAL.test(char));
    previousArabic = arabic;
    const last = runs.at(-1);
    if (last && last.level === level && last.arabic === arabic) last.text += char;
    else runs.push({ text: char, arabic, level });
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse each stretch at that level or above.
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 ? run.level : run.level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < runs.length; ) {
      if ((runs[start] as Run).level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < runs.length && (runs[end] as Run).level >= level) end += 1;
      runs.splice(start, end - start, ...runs.slice(start, end).reverse());
      start = end;
    }
  }
  // fontkit reverses a run itself when its script is right to left; a right-to-left run of
  // neutrals only (a colon, a space) it leaves as given, so those are reversed here.
  return runs.map((run) =>
    run.level % 2 === 1 && !STRONG_RTL.test(run.text) ? { ...run, text: [...run.text].reverse().join('') } : run,
  );
}

export interface LineStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

// An array of features (even empty) makes pdfkit lay the run out whole instead of word by word,
// which would put the words of an Arabic run in left-to-right order.
const WHOLE_RUN = {
  features: [] as PDFKit.Mixins.OpenTypeFeatures[],
  lineBreak: false,
  baseline: 'alphabetic',
} as const;

function useFont(doc: Doc, run: Run, style: LineStyle) {
  const font: FontName = run.arabic ? (style.bold ? 'arabicBold' : 'arabic') : style.bold ? 'bold' : 'regular';
  registered(doc).font(font).fontSize(style.size);
}

/** The width `text` takes at `style`. */
export function lineWidth(doc: Doc, text: string, direction: Direction, style: LineStyle): number {
  return visualRuns(text, direction).reduce((sum, run) => {
    useFont(doc, run, style);
    return sum + doc.widthOfString(run.text, WHOLE_RUN);
  }, 0);
}

/**
 * Draws `text` with its baseline at `baseline`, from `x` (left) or ending at `x` (right);
 * a line wider than `maxWidth` is drawn smaller to fit.
 */
export function drawLine(
  doc: Doc,
  text: string,
  at: { x: number; baseline: number; align: 'left' | 'right'; maxWidth: number },
  direction: Direction,
  style: LineStyle,
): void {
  const natural = lineWidth(doc, text, direction, style);
  const fitted = natural > at.maxWidth ? { ...style, size: (style.size * at.maxWidth) / natural } : style;
  const width = Math.min(natural, at.maxWidth);
  let x = at.align === 'left' ? at.x : at.x - width;
  doc.fillColor(style.color ?? '#111827');
  for (const run of visualRuns(text, direction)) {
    useFont(doc, run, fitted);
    const runWidth = doc.widthOfString(run.text, WHOLE_RUN);
    doc.text(run.text, x, at.baseline, WHOLE_RUN);
    x += runWidth;
  }
}
