export const NAV_ITEMS = [
  { to: '/guides', labelKey: 'nav.guides' },
  { to: '/explore', labelKey: 'nav.explore' },
  { to: '/blog', labelKey: 'nav.blog' },
  { to: '/beguide', labelKey: 'nav.becomeGuide' },
] as const;
