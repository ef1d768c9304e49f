import { z } from 'zod';
import { EXTERNAL_PROVIDERS } from './auth.js';

// ---------------------------------------------------------------------------------------
// Social sign-in providers the server is configured for
// ---------------------------------------------------------------------------------------

/**
 * A configured social sign-in provider and the public id its web SDK needs: the Google
 * OAuth client id, the Facebook app id or the Apple Services id. Never a secret.
 */
export const ExternalProviderInfoSchema = z.object({
  provider: z.enum(EXTERNAL_PROVIDERS),
  clientId: z.string(),
  /** Apple only: the return URL registered for the Services ID. */
  redirectUri: z.string().optional(),
});
export type ExternalProviderInfo = z.infer<typeof ExternalProviderInfoSchema>;
export const ExternalProviderListSchema = z.array(ExternalProviderInfoSchema);

export const EXTERNAL_PROVIDERS_PATH = '/api/app/custom-external-login-public/providers';
