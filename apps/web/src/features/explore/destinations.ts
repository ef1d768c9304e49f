/** spec §3: the twelve destination cities, by their reference-data key (server seed). */
export const DESTINATION_KEYS = [
  'moscow',
  'rothenburg',
  'paris',
  'agra',
  'amsterdam',
  'budapest',
  'vienna',
  'prague',
  'baku',
  'rome',
  'istanbul',
  'venice',
] as const;
export type DestinationKey = (typeof DESTINATION_KEYS)[number];

export function isDestinationKey(value: unknown): value is DestinationKey {
  return typeof value === 'string' && (DESTINATION_KEYS as readonly string[]).includes(value);
}
