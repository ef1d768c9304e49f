export * from './common.js';
export * from './errors.js';
export * from './locales.js';
export * from './newsletter.js';
export * from './reference.js';
export * from './routes.js';
export * from './text.js';
