import type { Locale } from '@marco/contract/locales';

/** Countries offered in the phone field's country-code select, with their calling codes. */
export const COUNTRY_CALLING_CODES: ReadonlyArray<{ region: string; dial: string }> = [
  { region: 'TR', dial: '90' },
  { region: 'US', dial: '1' },
  { region: 'CA', dial: '1' },
  { region: 'GB', dial: '44' },
  { region: 'IE', dial: '353' },
  { region: 'DE', dial: '49' },
  { region: 'AT', dial: '43' },
  { region: 'CH', dial: '41' },
  { region: 'FR', dial: '33' },
  { region: 'BE', dial: '32' },
  { region: 'NL', dial: '31' },
  { region: 'LU', dial: '352' },
  { region: 'ES', dial: '34' },
  { region: 'PT', dial: '351' },
  { region: 'IT', dial: '39' },
  { region: 'GR', dial: '30' },
  { region: 'CY', dial: '357' },
  { region: 'DK', dial: '45' },
  { region: 'SE', dial: '46' },
  { region: 'NO', dial: '47' },
  { region: 'FI', dial: '358' },
  { region: 'PL', dial: '48' },
  { region: 'CZ', dial: '420' },
  { region: 'HU', dial: '36' },
  { region: 'RO', dial: '40' },
  { region: 'BG', dial: '359' },
  { region: 'RU', dial: '7' },
  { region: 'KZ', dial: '7' },
  { region: 'UA', dial: '380' },
  { region: 'AZ', dial: '994' },
  { region: 'GE', dial: '995' },
  { region: 'SA', dial: '966' },
  { region: 'AE', dial: '971' },
  { region: 'QA', dial: '974' },
  { region: 'KW', dial: '965' },
  { region: 'BH', dial: '973' },
  { region: 'OM', dial: '968' },
  { region: 'JO', dial: '962' },
  { region: 'LB', dial: '961' },
  { region: 'IQ', dial: '964' },
  { region: 'EG', dial: '20' },
  { region: 'MA', dial: '212' },
  { region: 'DZ', dial: '213' },
  { region: 'TN', dial: '216' },
  { region: 'IL', dial: '972' },
  { region: 'IR', dial: '98' },
  { region: 'PK', dial: '92' },
  { region: 'IN', dial: '91' },
  { region: 'CN', dial: '86' },
  { region: 'JP', dial: '81' },
  { region: 'KR', dial: '82' },
  { region: 'ID', dial: '62' },
  { region: 'MY', dial: '60' },
  { region: 'SG', dial: '65' },
  { region: 'TH', dial: '66' },
  { region: 'AU', dial: '61' },
  { region: 'NZ', dial: '64' },
  { region: 'BR', dial: '55' },
  { region: 'MX', dial: '52' },
  { region: 'AR', dial: '54' },
  { region: 'ZA', dial: '27' },
  { region: 'NG', dial: '234' },
];

/** The country a locale's visitors most likely dial from (tr → Türkiye, +90). */
const LOCALE_REGIONS: Record<Locale, string> = {
  en: 'US',
  tr: 'TR',
  ar: 'SA',
  de: 'DE',
  es: 'ES',
  fr: 'FR',
  it: 'IT',
  ru: 'RU',
};

// Countries whose national numbers keep their leading 0 in international form.
const KEEPS_LEADING_ZERO = new Set(['IT']);

const dialOf = (region: string) => COUNTRY_CALLING_CODES.find((country) => country.region === region)?.dial;

/** The default country of the phone field: the browser's region when it speaks the locale, else the locale's. */
export function defaultRegionFor(locale: Locale, languages: readonly string[] = []): string {
  for (const tag of languages) {
    const [language, region] = tag.split('-');
    if (language?.toLowerCase() === locale && region && dialOf(region.toUpperCase())) return region.toUpperCase();
  }
  return LOCALE_REGIONS[locale];
}

/**
 * The number to send: spec §5, whitespace removed. A number typed with `+` or `00` is
 * taken as international; otherwise the country's code is put in front (and a national
 * trunk 0 dropped: 0555… in Türkiye is +90555…). Empty national part → ''.
 */
export function composePhoneNumber(region: string, national: string): string {
  const digits = national.replace(/\s+/g, '');
  if (digits === '') return '';
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const dial = dialOf(region) ?? '';
  const local = digits.startsWith('0') && !KEEPS_LEADING_ZERO.has(region) ? digits.slice(1) : digits;
  return `+${dial}${local}`;
}

/**
 * Splits an international number into a country of the list and the rest, preferring
 * `preferredRegion` when several share the code (+1, +7). Unknown codes keep the whole
 * number (with its +) as the national part.
 */
export function splitPhoneNumber(value: string, preferredRegion: string): { region: string; national: string } {
  const compact = value.replace(/\s+/g, '');
  if (!compact.startsWith('+')) return { region: preferredRegion, national: compact };
  const digits = compact.slice(1);
  const matches = COUNTRY_CALLING_CODES.filter((country) => digits.startsWith(country.dial));
  if (matches.length === 0) return { region: preferredRegion, national: compact };
  const longest = Math.max(...matches.map((country) => country.dial.length));
  const best = matches.filter((country) => country.dial.length === longest);
  const chosen = best.find((country) => country.region === preferredRegion) ?? best[0];
  if (!chosen) return { region: preferredRegion, national: compact };
  return { region: chosen.region, national: digits.slice(chosen.dial.length) };
}

/** `+905551234567` shown as `+90 555 123 4567`-like groups for reading; left as is when unknown. */
export function displayPhoneNumber(value: string): string {
  const { region, national } = splitPhoneNumber(value, '');
  const dial = dialOf(region);
  if (!dial || national.startsWith('+')) return value;
  const groups = national.match(/^(\d{3})(\d{3})(\d+)$/);
  return groups ? `+${dial} ${groups[1]} ${groups[2]} ${groups[3]}` : `+${dial} ${national}`;
}
