/** The currency of a scanned pass's template, so its balance reads as everywhere else; read only for a pass with a balance. */
import { useEffect, useState } from 'react';
import { useApi } from '../../session/SessionProvider';

export function usePassCurrency(passId: string | null, hasBalance: boolean): string | null {
  const api = useApi();
  const [currency, setCurrency] = useState<string | null>(null);
  useEffect(() => {
    if (passId === null || !hasBalance) return undefined;
    let current = true;
    // Without it the balance shows as a plain amount, as a template without a currency does.
    api.passes
      .get(passId)
      .then((pass) => api.templates.get(pass.template_id))
      .then((template) => current && setCurrency(template.currency))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, passId, hasBalance]);
  return currency;
}
