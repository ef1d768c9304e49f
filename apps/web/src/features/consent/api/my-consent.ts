import type { MyConsent, SaveMyConsent } from '@marco/contract/consent';
import { MY_CONSENT_PATH } from '@marco/contract/legal';
import { apiFetch } from '@/lib/api-client';
import type { ConsentRecord } from '@/lib/consent';

/** `GET consent-public/my-consent`: the signed-in member's choice in force (null before the first). */
export async function getMyConsent(): Promise<ConsentRecord | null> {
  const { consent } = await apiFetch<MyConsent>(MY_CONSENT_PATH);
  return consent;
}

/** `PUT consent-public/my-consent`: records the member's choice with the server's time. */
export function saveMyConsent(record: ConsentRecord): Promise<ConsentRecord> {
  const body: SaveMyConsent = { choices: record.choices, version: record.version as SaveMyConsent['version'] };
  return apiFetch<ConsentRecord>(MY_CONSENT_PATH, { method: 'PUT', body });
}
