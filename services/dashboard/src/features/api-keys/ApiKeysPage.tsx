/**
 * API keys, for the business's own systems: create one (shown this once, with a copy button), list
 * them, revoke one. Using a key needs Pro (API access); creating one works on every plan.
 */
import { useState } from 'react';
import type { CreatedApiKeyResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useApi } from '../../session/SessionProvider';
import { OneTimeSecret } from '../../ui/OneTimeSecret';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { ApiKeyList } from './ApiKeyList';
import { CreateApiKeyForm } from './CreateApiKeyForm';

export function ApiKeysPage() {
  const api = useApi();
  const keys = useResource(() => api.business.apiKeys.list(), 'api-keys');
  const me = useResource(() => api.business.me(), 'me');
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const apiAccess = me.resource.status === 'ready' ? me.resource.data.features['api_access'] : true;
  return (
    <>
      <PageHeader title="API keys" />
      <p>
        Keys let your own systems (a till, a website) use the API. Send one as <code>X-API-Key</code>.
      </p>
      {!apiAccess && (
        <p className="notice info">
          Your plan is Free: keys can be created now, and they work once the business is on Pro (API access).
        </p>
      )}
      {created?.key && <OneTimeSecret title={`Your new key “${created.name}”`} secret={created.key} onDone={() => setCreated(null)} />}
      {created && !created.key && (
        <p className="notice info" role="status">
          The key was created by an earlier attempt, so it cannot be shown again. Revoke it and create another.
        </p>
      )}
      <CreateApiKeyForm
        onCreated={(key) => {
          setCreated(key);
          keys.reload();
        }}
      />
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        <ResourceView handle={keys}>{({ data }) => <ApiKeyList keys={data} onRevoked={keys.reload} />}</ResourceView>
      </section>
    </>
  );
}
