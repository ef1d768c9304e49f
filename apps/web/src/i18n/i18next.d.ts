import 'i18next';
import type admin from './locales/en/admin.json';
import type auth from './locales/en/auth.json';
import type blog from './locales/en/blog.json';
import type calendars from './locales/en/calendars.json';
import type common from './locales/en/common.json';
import type consent from './locales/en/consent.json';
import type content from './locales/en/content.json';
import type desk from './locales/en/desk.json';
import type discovery from './locales/en/discovery.json';
import type disputes from './locales/en/disputes.json';
import type errors from './locales/en/errors.json';
import type explore from './locales/en/explore.json';
import type favourites from './locales/en/favourites.json';
import type guides from './locales/en/guides.json';
import type home from './locales/en/home.json';
import type jobs from './locales/en/jobs.json';
import type messages from './locales/en/messages.json';
import type moderation from './locales/en/moderation.json';
import type newsletter from './locales/en/newsletter.json';
import type overview from './locales/en/overview.json';
import type pages from './locales/en/pages.json';
import type payouts from './locales/en/payouts.json';
import type profile from './locales/en/profile.json';
import type pwa from './locales/en/pwa.json';
import type reservations from './locales/en/reservations.json';
import type settings from './locales/en/settings.json';
import type sharing from './locales/en/sharing.json';
import type staff from './locales/en/staff.json';

// English is the source catalog: keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      home: typeof home;
      pages: typeof pages;
      consent: typeof consent;
      pwa: typeof pwa;
      newsletter: typeof newsletter;
      content: typeof content;
      blog: typeof blog;
      auth: typeof auth;
      settings: typeof settings;
      messages: typeof messages;
      guides: typeof guides;
      admin: typeof admin;
      discovery: typeof discovery;
      profile: typeof profile;
      reservations: typeof reservations;
      explore: typeof explore;
      favourites: typeof favourites;
      calendars: typeof calendars;
      sharing: typeof sharing;
      staff: typeof staff;
      desk: typeof desk;
      disputes: typeof disputes;
      moderation: typeof moderation;
      payouts: typeof payouts;
      overview: typeof overview;
      jobs: typeof jobs;
    };
  }
}
