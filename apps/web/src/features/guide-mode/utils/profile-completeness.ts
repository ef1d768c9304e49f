import type { GuideSettingsSection } from '@/features/guides/components/settings-sections';

export type CompletenessItem = {
  key:
    | 'location'
    | 'about'
    | 'services'
    | 'languages'
    | 'schedule'
    | 'photos'
    | 'cover'
    | 'identity'
    | 'rate'
    | 'bank'
    | 'video'
    | 'certificate'
    | 'vehicles';
  section: GuideSettingsSection;
  isDone: boolean;
  isOptional: boolean;
};

export type CompletenessInput = {
  hasLocation: boolean;
  hasAbout: boolean;
  serviceKindCount: number;
  languageCount: number;
  hasPrimaryLanguage: boolean;
  planCount: number;
  photoCount: number;
  hasCover: boolean;
  hasIdVerification: boolean;
  identityDocumentCount: number;
  hasRate: boolean;
  hasBankInfo: boolean;
  hasVideo: boolean;
  certificateCount: number;
  vehicleCount: number;
};

/** The profile checklist of the guide's home; each item links to the settings section that completes it. */
export function profileCompleteness(input: CompletenessInput): { items: CompletenessItem[]; percent: number } {
  const items: CompletenessItem[] = [
    { key: 'location', section: 'personal', isDone: input.hasLocation, isOptional: false },
    { key: 'about', section: 'about', isDone: input.hasAbout, isOptional: false },
    { key: 'services', section: 'services', isDone: input.serviceKindCount > 0, isOptional: false },
    { key: 'languages', section: 'languages', isDone: input.hasPrimaryLanguage, isOptional: false },
    { key: 'schedule', section: 'schedule', isDone: input.planCount > 0, isOptional: false },
    { key: 'photos', section: 'media', isDone: input.photoCount > 0, isOptional: false },
    { key: 'cover', section: 'media', isDone: input.hasCover, isOptional: false },
    {
      key: 'identity',
      section: 'identity',
      isDone: input.hasIdVerification && input.identityDocumentCount > 0,
      isOptional: false,
    },
    { key: 'rate', section: 'payment', isDone: input.hasRate, isOptional: false },
    { key: 'bank', section: 'payment', isDone: input.hasBankInfo, isOptional: false },
    { key: 'video', section: 'media', isDone: input.hasVideo, isOptional: true },
    { key: 'certificate', section: 'certificates', isDone: input.certificateCount > 0, isOptional: true },
    { key: 'vehicles', section: 'vehicles', isDone: input.vehicleCount > 0, isOptional: true },
  ];
  const done = items.filter((item) => item.isDone).length;
  return { items, percent: Math.round((done / items.length) * 100) };
}
