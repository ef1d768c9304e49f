export * from './newsletter.js';
export * from './outbox.js';
export * from './reference.js';
