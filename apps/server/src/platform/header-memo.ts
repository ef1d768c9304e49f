/**
 * A parse of a request header, kept per distinct value. Browsers send a handful of
 * `Accept-Encoding` and `Accept-Language` values, each on every request; parsing one (split,
 * map, sort) cost more than serving a kept answer. Bounded: a client may send any value, so
 * the memo starts again when full.
 */
export function memoizeHeader<T>(parse: (header: string) => T, maxEntries = 256): (header: string) => T {
  const parsed = new Map<string, T>();
  return (header) => {
    let value = parsed.get(header);
    if (value === undefined && !parsed.has(header)) {
      value = parse(header);
      if (parsed.size >= maxEntries) parsed.clear();
      parsed.set(header, value);
    }
    return value as T;
  };
}
