import { Compass, type LucideIcon, Search, UserPlus } from 'lucide-react';

const FALLBACK_ICONS: LucideIcon[] = [UserPlus, Search, Compass];

/** spec §2: the three feature steps are register, find a guide and explore. */
export function iconForFeatureStep(key: string, index: number): LucideIcon {
  const normalized = key.toLowerCase();
  if (/regist|sign|account|join/.test(normalized)) return UserPlus;
  if (/find|search|guide|match/.test(normalized)) return Search;
  if (/explor|discover|tour|enjoy/.test(normalized)) return Compass;
  return FALLBACK_ICONS[index % FALLBACK_ICONS.length] ?? Compass;
}
