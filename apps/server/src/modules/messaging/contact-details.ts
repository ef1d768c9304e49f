/*
 * Contact details in chat messages (issue 19, item 6; docs/decisions/022). Until a
 * reservation between two people is paid, the phone numbers, e-mail addresses and
 * messaging-app handles or links one writes are masked in what the other reads, so a
 * booking and its protection stay on Marco. The stored text is never changed: the sender
 * reads what they wrote, and staff handling a dispute read it in full.
 *
 * Detection is written for what people do to get round a filter: digits spaced, dotted or
 * spelled out (number words of the eight languages Marco speaks), Arabic-Indic, Persian or
 * fullwidth digits, and e-mail addresses with "at" and "dot" written out. Dates, times, year
 * ranges and prices are recognised first, so ordinary text about a tour is left alone.
 */

/** What replaces each contact detail in what the other person reads. */
export const CONTACT_MASK = '•••';

/** A phone number has at least this many digits (a local number without its area code). */
const MIN_PHONE_DIGITS = 7;

// Zero of each run of decimal digits people type: Arabic-Indic, Persian (Eastern Arabic),
// Devanagari and fullwidth. All are in the BMP, so turning one into an ASCII digit keeps
// every offset of the text.
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0xff10];

function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\uff10-\uff19]/g, (char) => {
    const code = char.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - zero);
  });
}

// Digits 0-9 as words in en, tr, ar, ru, de, es, fr and it, with the spellings people type
// without accents or with the other form of the word (Arabic masculine and feminine).
const NUMBER_WORDS = new Set(
  (
    [
      ['0', 'zero oh nought sıfır sifir صفر ноль нуль null cero zéro'],
      ['1', 'one bir واحد واحدة один одна eins uno un une'],
      ['2', 'two iki اثنان اثنين إثنان إثنين اتنين два две zwei zwo dos deux due'],
      ['3', 'three üç uc ثلاثة ثلاث تلاتة три drei tres trois tre'],
      ['4', 'four dört dort أربعة اربعة أربع اربع четыре vier cuatro quatre quattro'],
      ['5', 'five beş bes خمسة خمس пять fünf funf fuenf cinco cinq cinque'],
      ['6', 'six altı alti ستة ست шесть sechs seis sei'],
      ['7', 'seven yedi سبعة سبع семь sieben siete sept sette'],
      ['8', 'eight sekiz ثمانية ثماني تمانية восемь acht ocho huit otto'],
      ['9', 'nine dokuz تسعة تسع девять neun nueve neuf nove'],
    ] as const
  ).flatMap(([, words]) => words.split(' ')),
);

// Lowering never shortens a word, so a longer one is none of them; most words of a message are.
const LONGEST_NUMBER_WORD = Math.max(...[...NUMBER_WORDS].map((word) => word.length));

// Turkish lowers "I" to "ı" and "İ" to "i", and only those differ from the default lowering;
// as the text's language is not known, a word holding one is tried both ways (the Turkish
// lowering asks ICU, which costs more than the rest of a word's check).
const isNumberWord = (word: string) =>
  word.length <= LONGEST_NUMBER_WORD &&
  (NUMBER_WORDS.has(word.toLowerCase()) || (/[Iİ]/.test(word) && NUMBER_WORDS.has(word.toLocaleLowerCase('tr'))));

interface Span {
  start: number;
  end: number;
}

const NOT_WORD_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const NOT_WORD_AFTER = String.raw`(?![\p{L}\p{N}])`;
const CURRENCY = `(?:[$€£₺₽¥]|usd|eur|try|gbp|rub|tl|lira|liras|euros?|dollars?|pounds?|руб(?:лей|ля|ль)?|ليرة|دولار|يورو)`;
const AMOUNT = String.raw`\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;

/** Numbers that are not phone numbers: recognised on the ASCII-digit text before phones are looked for. */
const ORDINARY_NUMBERS = [
  // Dates: 2025-05-12, 12.05.2025, 12 / 5 / 25 (a phone written with dots has more groups).
  String.raw`(?<![\d.\-/])\d{4}\s?[-./]\s?\d{1,2}\s?[-./]\s?\d{1,2}(?!\d|[.\-/]\d)`,
  String.raw`(?<![\d.\-/])\d{1,2}\s?[-./]\s?\d{1,2}\s?[-./]\s?(?:\d{4}|\d{2})(?!\d|[.\-/]\d)`,
  // Times and time ranges: 10:30, 10h30, 10.30 (not inside a dotted number).
  String.raw`(?<![\d.:])\d{1,2}[:h.]\d{2}(?!\d|[.:]\d)`,
  // Years, alone in a range or list: 2023-2025, 2019, 2020 and 2021.
  String.raw`(?<!\d)(?:19|20)\d{2}(?:\s?(?:[-–—/,&]|and|to|bis|à|a|e|y|и|ve|و)\s?(?:19|20)\d{2})+(?!\d)`,
  // Amounts with a currency before or after them, and numbers grouped in thousands by a comma or dot.
  `${CURRENCY}\\s?(?:${AMOUNT})`,
  String.raw`(?:${AMOUNT})\s?${CURRENCY}${NOT_WORD_AFTER}`,
  String.raw`(?<![\d.,])\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*(?:(?!\1)[.,]\d{1,2})?(?!\d|[.,]\d)`,
  // Round numbers: 15000000 people, 2500000 visitors.
  String.raw`(?<![\d+])[1-9]\d{0,3}0{4,}(?!\d)`,
].map((source) => new RegExp(source, 'giu'));

const TLD = `(?:com|net|org|info|biz|edu|gov|io|co|me|app|dev|ru|tr|de|es|fr|it|uk|us|eu|ua|by|kz|az|ae|sa|eg|ma|qa|kw|jo|lb|ch|at|be|nl|pl|pt|gr|cz|se|no|dk|fi|ie|ca|au|nz|in|jp|cn|br|mx|ar|cl)${NOT_WORD_AFTER}`;
const AT_WORD = String.raw`(?:[(\[{<]\s?(?:at|@)\s?[)\]}>]|at|arroba|arobase|chiocciola|klammeraffe|собака|ات|آت)`;
const DOT_WORD = String.raw`(?:[(\[{<]\s?(?:dot|\.)\s?[)\]}>]|dot|punto|point|punkt|nokta|точка|نقطة|دوت)`;
const NAME = String.raw`[\p{L}\p{N}_%+\-]+`;
const LABEL = String.raw`[\p{L}\p{N}\-]+`;
const SPOKEN_DOT = String.raw`(?:\.|\s${DOT_WORD}\s)`;

const CONTACT_PATTERNS: Array<{ pattern: RegExp; isContact?: (match: RegExpExecArray) => boolean }> = [
  // E-mail addresses: anna@example.com.
  { pattern: new RegExp(String.raw`${NAME}(?:\.${NAME})*@${LABEL}(?:\.${LABEL})+`, 'gu') },
  // Spaced: anna @ example . com. Case-sensitive, so that the top-level domain is written in
  // small letters: "I am there @ home. It is late" stays as written.
  {
    pattern: new RegExp(
      String.raw`${NOT_WORD_BEFORE}${NAME}(?:\s?\.\s?${NAME})*\s?@\s?\p{L}[\p{L}\p{N}\-]*(?:\s?\.\s?${LABEL})*\s?\.\s?${TLD}`,
      'gu',
    ),
  },
  // Written out: anna at example dot com, anna (at) example.com, anna arroba example punto es.
  // A dot is either a word or written without spaces, and the last label is a known
  // top-level domain, so that "meet me at the hotel. It is near" stays as written.
  {
    pattern: new RegExp(
      String.raw`${NOT_WORD_BEFORE}${NAME}(?:${SPOKEN_DOT}${NAME})*\s${AT_WORD}\s\p{L}[\p{L}\p{N}\-]*(?:${SPOKEN_DOT}${LABEL})*${SPOKEN_DOT}${TLD}`,
      'giu',
    ),
  },
  // Links of messaging apps and social networks, and their app schemes.
  {
    pattern:
      /(?:https?:\/\/)?(?:www\.)?(?:wa\.me|(?:api\.|chat\.|web\.)?whatsapp\.com|t\.me|telegram\.(?:me|dog|org)|instagram\.com|instagr\.am|(?:m\.)?facebook\.com|fb\.(?:me|com)|m\.me|vk\.com|(?:invite\.)?viber\.(?:com|click)|signal\.(?:me|group)|line\.me|snapchat\.com|tiktok\.com|wechat\.com|discord\.(?:gg|com)|skype\.com)(?:\/[^\s]*)?/giu,
  },
  { pattern: /(?<![\p{L}\p{N}])(?:tg|whatsapp|viber|skype|sgnl|fb-messenger):\/*[^\s]+/giu },
  // A handle: @anna.travels (not the middle of an e-mail address).
  { pattern: /(?<![\p{L}\p{N}._%+\-@])@[\p{L}\p{N}_.]{3,30}/gu },
  // An app's name followed by a handle: "Instagram: anna", "telegram anna_travels", "WhatsApp - anna.k".
  {
    pattern: new RegExp(
      String.raw`${NOT_WORD_BEFORE}(?:whats\s?app|telegram|insta(?:gram)?|ig|snap(?:chat)?|viber|wechat|skype|facebook|fb|messenger|tiktok|vk|discord|телеграмм?|ватсап|вотсап|инстаграм|инста|واتساب|واتس|تلغرام|تيليجرام|انستغرام|انستقرام)(\s?[:=\-–]\s?|\s)@?([\p{L}\p{N}_.]{3,30})${NOT_WORD_AFTER}`,
      'giu',
    ),
    // Without a colon or an @, only a word that looks like a handle ("anna_k", "anna.travels", "anna1990").
    isContact: (match) => /[:=\-–]/.test(match[1] ?? '') || /[_.\d]/.test(match[2] ?? '') || match[0].includes('@'),
  },
];

function findAll(pattern: RegExp, text: string, accept?: (match: RegExpExecArray) => boolean): Span[] {
  const spans: Span[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    if (!accept || accept(match)) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

const overlaps = (spans: Span[], start: number, end: number) =>
  spans.some((span) => span.start < end && start < span.end);

// Characters that may sit between the digits of one phone number.
const PHONE_JOINERS = new Set(' \u00a0\u202f\u3000\t.-–—−_()/+,·*\uff08\uff09\uff0d\uff0e\uff0b'.split(''));
const MAX_JOINERS = 3;

/** Runs of digits and number words, at most a few joiners apart, holding enough digits to be a phone number. */
function findPhoneNumbers(ascii: string, taken: Span[]): Span[] {
  const spans: Span[] = [];
  const tokens = ascii.matchAll(/\d+|[\p{L}\p{M}]+|[^\d\p{L}\p{M}]/gu);
  let run: { start: number; end: number; digits: number } | null = null;
  let joiners = 0;
  const close = () => {
    if (run && run.digits >= MIN_PHONE_DIGITS) spans.push({ start: run.start, end: run.end });
    run = null;
    joiners = 0;
  };
  for (const token of tokens) {
    const text = token[0];
    const start = token.index;
    const end = start + text.length;
    const isTaken = overlaps(taken, start, end);
    const digits = isTaken ? 0 : /^\d/.test(text) ? text.length : isNumberWord(text) ? 1 : 0;
    if (digits > 0) {
      if (run) {
        run.end = end;
        run.digits += digits;
      } else {
        // A leading "+" or "(" belongs to the number.
        const lead = start > 0 && '+(\uff08\uff0b'.includes(ascii[start - 1] ?? '') ? 1 : 0;
        run = { start: start - lead, end, digits };
      }
      joiners = 0;
    } else if (run && !isTaken && PHONE_JOINERS.has(text) && joiners < MAX_JOINERS) {
      joiners++;
    } else {
      close();
    }
  }
  close();
  return spans;
}

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Where a text holds contact details; empty for ordinary text. */
export function findContactDetails(text: string): Array<{ start: number; end: number }> {
  const ascii = asciiDigits(text);
  const contacts = CONTACT_PATTERNS.flatMap(({ pattern, isContact }) => findAll(pattern, ascii, isContact));
  const ordinary = ORDINARY_NUMBERS.flatMap((pattern) => findAll(pattern, ascii));
  return mergeSpans([...contacts, ...findPhoneNumbers(ascii, [...ordinary, ...contacts])]);
}

export interface MaskedText {
  text: string;
  /** True when something was masked: the reader is shown why. */
  isMasked: boolean;
}

/**
 * The text with each contact detail replaced by `CONTACT_MASK`. Pure and cheap (a few
 * regular expressions over at most a message's length); whether it applies depends on who
 * reads and whether a paid reservation exists: see `textForReader`.
 */
export function maskContactDetails(text: string): MaskedText {
  const spans = findContactDetails(text);
  if (spans.length === 0) return { text, isMasked: false };
  let masked = '';
  let from = 0;
  for (const span of spans) {
    masked += text.slice(from, span.start) + CONTACT_MASK;
    from = span.end;
  }
  return { text: masked + text.slice(from), isMasked: true };
}
