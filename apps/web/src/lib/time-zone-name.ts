/**
 * A time zone named in the reader's language from CLDR through Intl ("Europe/Moscow" →
 * "Moscow Standard Time", "Moskova Standart Saati", "توقيت موسكو الرسمي"): IANA ids are
 * English city names and read wrongly in any other language. Zones with no CLDR name come
 * out as their offset ("GMT-05:00"); an id the runtime does not know stays as it is.
 */
export function timeZoneName(timeZone: string, locale: string, at: Date = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The zone's offset now, as the reader's language writes it ("GMT+3", "غرينتش+٣"). */
export function timeZoneOffset(timeZone: string, locale: string, at: Date = new Date()): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * An option of a time-zone picker: the localised name and offset first, then the IANA id,
 * which is what tells apart the many zones sharing one name ("Central European Time").
 */
export function timeZoneOptionLabel(timeZone: string, locale: string, at: Date = new Date()): string {
  const name = timeZoneName(timeZone, locale, at);
  const offset = timeZoneOffset(timeZone, locale, at);
  const id = timeZone.replaceAll('_', ' ');
  // A zone without a CLDR name is already called by its offset.
  const head = offset && !/\p{Nd}/u.test(name) ? `${name} (${offset})` : name;
  return name === timeZone ? `${id}${offset ? ` (${offset})` : ''}` : `${head} · ${id}`;
}
