// react-i18next imports the shim of `useSyncExternalStore` for React 17; React 19 has the hook
// itself, so the build points the shim here (vite.config.ts).
export { useSyncExternalStore } from 'react';
