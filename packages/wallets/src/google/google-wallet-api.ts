/**
 * The Google Wallet REST API calls the service makes: PATCH a loyalty object or class with the fields
 * that changed. A 404 means the holder never saved the pass (Google creates both when a save link is
 * used), so there is nothing to update; that is an answer, not a failure.
 */
import type { GoogleWalletSettings } from '../wallet-settings';
import type { GoogleAccessTokens } from './google-access-tokens';

export type GoogleUpdateResult = 'updated' | 'not_saved' | { retry: string } | { failed: string };

export class GoogleWalletApi {
  constructor(
    private readonly settings: GoogleWalletSettings,
    private readonly tokens: GoogleAccessTokens,
    private readonly timeoutMs: number,
  ) {}

  patchObject(objectId: string, fields: object): Promise<GoogleUpdateResult> {
    return this.patch('loyaltyObject', objectId, fields);
  }

  patchClass(classId: string, fields: object): Promise<GoogleUpdateResult> {
    return this.patch('loyaltyClass', classId, fields);
  }

  private async patch(resource: 'loyaltyObject' | 'loyaltyClass', id: string, fields: object): Promise<GoogleUpdateResult> {
    const url = `${this.settings.walletApiUrl}/${resource}/${encodeURIComponent(id)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await this.tokens.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify(fields),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel();
    } catch (error) {
      return { retry: error instanceof Error ? error.message : 'no answer' };
    }
    if (response.ok) return 'updated';
    if (response.status === 404) return 'not_saved';
    // 429 and 5xx pass; so may 401/403 once the operator fixes the account's rights.
    if (response.status === 429 || response.status >= 500 || response.status === 401 || response.status === 403) return { retry: `HTTP ${response.status}` };
    return { failed: `HTTP ${response.status}` };
  }
}
