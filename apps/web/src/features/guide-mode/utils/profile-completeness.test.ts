import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './profile-completeness';

const empty = {
  hasLocation: false,
  hasAbout: false,
  serviceKindCount: 0,
  languageCount: 0,
  hasPrimaryLanguage: false,
  planCount: 0,
  photoCount: 0,
  hasCover: false,
  hasIdVerification: false,
  identityDocumentCount: 0,
  hasRate: false,
  hasBankInfo: false,
  hasVideo: false,
  certificateCount: 0,
  vehicleCount: 0,
};

describe('profileCompleteness', () => {
  it('is 0% for a new application and links every item to its settings section', () => {
    const { items, percent } = profileCompleteness(empty);
    expect(percent).toBe(0);
    expect(items.find((item) => item.key === 'bank')?.section).toBe('payment');
    expect(items.find((item) => item.key === 'video')).toMatchObject({ section: 'media', isOptional: true });
  });

  it('counts an ID verification as done only with a document', () => {
    const { items } = profileCompleteness({ ...empty, hasIdVerification: true });
    expect(items.find((item) => item.key === 'identity')?.isDone).toBe(false);
  });

  it('is 100% when everything, optional items included, is there', () => {
    const { percent } = profileCompleteness({
      hasLocation: true,
      hasAbout: true,
      serviceKindCount: 1,
      languageCount: 2,
      hasPrimaryLanguage: true,
      planCount: 1,
      photoCount: 3,
      hasCover: true,
      hasIdVerification: true,
      identityDocumentCount: 1,
      hasRate: true,
      hasBankInfo: true,
      hasVideo: true,
      certificateCount: 1,
      vehicleCount: 1,
    });
    expect(percent).toBe(100);
  });
});
