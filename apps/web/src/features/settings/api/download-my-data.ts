import type { MyDataExport } from '@marco/contract/my-data';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/account/my-data`: everything Marco holds about the signed-in user. */
export function getMyData(): Promise<MyDataExport> {
  return apiFetch<MyDataExport>('/api/account/my-data');
}

/** The file name the server gives the export, from the day it was made. */
export const myDataFileName = (data: Pick<MyDataExport, 'exportedAt'>) =>
  `marco-my-data-${data.exportedAt.slice(0, 10)}.json`;

/** Hands the export to the browser as a file download; answers the file name. */
export function saveMyDataFile(data: MyDataExport): string {
  const fileName = myDataFileName(data);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; revoking later lets slow browsers read it first.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: async () => saveMyDataFile(await getMyData()) });
}
