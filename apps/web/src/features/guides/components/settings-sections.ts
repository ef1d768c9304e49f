import {
  Banknote,
  CalendarClock,
  Car,
  Contact,
  FileBadge,
  IdCard,
  Images,
  Languages,
  type LucideIcon,
  NotebookPen,
  Tags,
  UserRound,
} from 'lucide-react';

/** The guide sections of the settings (spec §2), in the spec's order; `?section=` of /guide-settings. */
export const GUIDE_SETTINGS_SECTIONS = [
  'personal',
  'contact',
  'schedule',
  'about',
  'identity',
  'certificates',
  'media',
  'languages',
  'vehicles',
  'payment',
  'services',
] as const;
export type GuideSettingsSection = (typeof GUIDE_SETTINGS_SECTIONS)[number];

export const SECTION_ICONS: Record<GuideSettingsSection, LucideIcon> = {
  personal: UserRound,
  contact: Contact,
  schedule: CalendarClock,
  about: NotebookPen,
  identity: IdCard,
  certificates: FileBadge,
  media: Images,
  languages: Languages,
  vehicles: Car,
  payment: Banknote,
  services: Tags,
};

export function isGuideSettingsSection(value: unknown): value is GuideSettingsSection {
  return typeof value === 'string' && (GUIDE_SETTINGS_SECTIONS as readonly string[]).includes(value);
}

export const sectionPath = (section: GuideSettingsSection) => `/guide-settings?section=${section}`;
