/** Reporting's plain values, kept apart from the zod schemas of moderation.ts so a page with a Report button does not load zod. */
export const REPORT_TARGET_TYPES = ['review', 'review_reply', 'message', 'guide', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'scam', 'false_information', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TEXT_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;
