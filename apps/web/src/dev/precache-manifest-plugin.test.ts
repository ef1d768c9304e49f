import { describe, expect, it } from 'vitest';
import { buildPrecacheManifest, PUBLIC_SHELL } from './precache-manifest-plugin';

const chunk = (fileName: string, extra: Record<string, unknown> = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: false,
  imports: [],
  facadeModuleId: null,
  ...extra,
});

describe('buildPrecacheManifest', () => {
  const bundle = {
    'assets/index-a1.js': chunk('assets/index-a1.js', {
      isEntry: true,
      imports: ['assets/vendor-b2.js'],
      dynamicImports: ['assets/blog-page-f6.js', 'assets/common-g7.js', 'assets/footer-j1.js'],
      facadeModuleId: '/repo/apps/web/index.html',
      viteMetadata: { importedCss: new Set(['assets/index-c3.css']) },
    }),
    'assets/vendor-b2.js': chunk('assets/vendor-b2.js'),
    'assets/home-page-d4.js': chunk('assets/home-page-d4.js', {
      facadeModuleId: '/repo/apps/web/src/features/home/pages/home-page.tsx',
      imports: ['assets/city-artwork-e5.js'],
    }),
    'assets/city-artwork-e5.js': chunk('assets/city-artwork-e5.js'),
    'assets/footer-j1.js': chunk('assets/footer-j1.js', {
      facadeModuleId: '/repo/apps/web/src/app/layouts/footer.tsx',
      imports: ['assets/logo-k2.js'],
    }),
    'assets/logo-k2.js': chunk('assets/logo-k2.js'),
    'assets/blog-page-f6.js': chunk('assets/blog-page-f6.js', {
      facadeModuleId: '/repo/apps/web/src/features/blog/pages/blog-page.tsx',
    }),
    // Catalogs are entries of their own (catalog-chunks-plugin.ts).
    'assets/common-g7.js': chunk('assets/common-g7.js', {
      isEntry: true,
      facadeModuleId: '/repo/apps/web/src/i18n/locales/tr/common.json',
    }),
    'assets/blog-h8.js': chunk('assets/blog-h8.js', {
      isEntry: true,
      facadeModuleId: '/repo/apps/web/src/i18n/locales/tr/blog.json',
    }),
    'assets/common-i9.js': chunk('assets/common-i9.js', {
      isEntry: true,
      facadeModuleId: '/repo/apps/web/src/i18n/locales/ar/common.json',
    }),
    'index.html': { type: 'asset' as const, fileName: 'index.html' },
    'assets/icons-l3.svg': { type: 'asset' as const, fileName: 'assets/icons-l3.svg' },
    'assets/picture-m4.svg': { type: 'asset' as const, fileName: 'assets/picture-m4.svg' },
  };

  it('lists the shell: index.html, the entry with its imports, CSS and deferred parts, the home page, the icons', () => {
    const manifest = buildPrecacheManifest(bundle);
    expect(manifest.shell).toEqual(
      [
        '/index.html',
        '/assets/index-a1.js',
        '/assets/vendor-b2.js',
        '/assets/index-c3.css',
        '/assets/home-page-d4.js',
        '/assets/city-artwork-e5.js',
        '/assets/footer-j1.js',
        '/assets/logo-k2.js',
        '/assets/icons-l3.svg',
        ...PUBLIC_SHELL,
      ].sort(),
    );
    expect(manifest.shell).not.toContain('/assets/blog-page-f6.js');
    expect(manifest.shell).not.toContain('/assets/common-g7.js');
    expect(manifest.shell).not.toContain('/assets/blog-h8.js');
    expect(manifest.shell).not.toContain('/assets/picture-m4.svg');
  });

  it('groups catalog chunks by locale, with the locale manifest and offline page', () => {
    const manifest = buildPrecacheManifest(bundle);
    expect(manifest.locales.tr).toEqual(['/assets/blog-h8.js', '/assets/common-g7.js', '/manifests/tr.webmanifest']);
    expect(manifest.locales.ar).toEqual(['/assets/common-i9.js', '/manifests/ar.webmanifest']);
    expect(manifest.offline.ru).toBe('/offline/ru.html');
  });

  it('changes its build id when a hashed file changes', () => {
    const before = buildPrecacheManifest(bundle).build;
    const { 'assets/vendor-b2.js': _vendor, ...rest } = bundle;
    const changed = {
      ...rest,
      'assets/vendor-c9.js': chunk('assets/vendor-c9.js'),
      'assets/index-a1.js': chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/vendor-c9.js'] }),
    };
    expect(buildPrecacheManifest(changed).shell).toContain('/assets/vendor-c9.js');
    expect(buildPrecacheManifest(changed).build).not.toBe(before);
  });
});
