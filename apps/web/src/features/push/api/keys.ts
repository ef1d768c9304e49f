export const pushKeys = {
  all: ['push'] as const,
  settings: () => [...pushKeys.all, 'settings'] as const,
};
