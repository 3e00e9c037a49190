/**
 * Old event versions are upcast on read, never rewritten: an event stored as an older version of the
 * service wrote it is read, projected, shown in the history and folded into as-of in its current shape,
 * and stays as it was written.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { streamNames } from '@passes/domain';
import { SqliteEventStore } from '@passes/event-store';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import type { HistoryBody, PassBody, TemplateBody } from './testing/wire-types';

let server: TestServer, business: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

/** Appends to the server's event store file as another process would, and gives the stream back. */
async function withStore<Result>(work: (store: SqliteEventStore) => Promise<Result>): Promise<Result> {
  const store = SqliteEventStore.open(path.join(server.dataDir, 'events.sqlite'));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

describe('a TemplateCreated stored at schema version 1, before templates had settings', () => {
  it('is served with the settings version 2 gives it, and stays stored as it was written', async () => {
    const templateId = randomUUID();
    const written = { template_id: templateId, business_id: business.businessId, name: 'Old card', occurred_at: server.clock.now().toISOString() };
    await withStore((store) =>
      store.append(
        streamNames.template(templateId),
        [{ type: 'TemplateCreated', data: written, metadata: { correlation_id: randomUUID(), causation_id: null, business_id: business.businessId, actor: 'an older version', schema_version: 1 } }],
        'no_stream',
      ),
    );

    let template = await server.request<TemplateBody>('GET', `/businesses/${business.businessId}/templates/${templateId}`, { token: business.token });
    for (let attempt = 0; template.status === 404 && attempt < 50; attempt += 1) {
      // Written behind the server's back: its projector finds it by polling the file.
      await new Promise((resolve) => setTimeout(resolve, 50));
      template = await server.request<TemplateBody>('GET', `/businesses/${business.businessId}/templates/${templateId}`, { token: business.token });
    }
    expect(template.status).toBe(200);
    expect(template.body).toMatchObject({ id: templateId, name: 'Old card', pass_type: 'generic', barcode_format: 'qr', scan_security: { signed_barcodes: false, scan_cooldown: null } });

    const updated = await server.request<TemplateBody>('PATCH', `/businesses/${business.businessId}/templates/${templateId}`, { token: business.token, body: { barcode_format: 'pdf417' } });
    expect(updated.body).toMatchObject({ name: 'Old card', barcode_format: 'pdf417' });

    const [stored] = await withStore((store) => store.readStream(streamNames.template(templateId)));
    expect(stored).toMatchObject({ data: written, metadata: { schema_version: 1 } });
  });
});

describe('a PassInstalled stored at schema version 1, before installs named their device', () => {
  it('reads in its current shape in the history and as-of, is projected, and stays stored as it was written', async () => {
    const pass = await issuePass(server, business, { external_id: 'upcast-1' });
    server.clock.advance(60_000);
    const installedAt = server.clock.now().toISOString();
    await withStore((store) =>
      store.append(
        streamNames.pass(pass.id),
        [{ type: 'PassInstalled', data: { occurred_at: installedAt }, metadata: { correlation_id: randomUUID(), causation_id: null, business_id: business.businessId, actor: 'an older version', schema_version: 1 } }],
        0,
      ),
    );
    server.clock.advance(60_000);
    // The next command on the pass folds the old event like any other, and waits for the read models.
    const stamped = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes/upcast-1/stamp`, { token: business.token });
    expect(stamped.status).toBe(200);

    const history = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/upcast-1/events`, { token: business.token });
    expect(history.body.data.map((event) => event.type)).toEqual(['PassIssued', 'PassInstalled', 'PassStamped']);
    expect(history.body.data[1]?.data).toEqual({ device_library_identifier: null, push_token: null, occurred_at: installedAt });

    const asOf = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/upcast-1?as_of=${installedAt}`, { token: business.token });
    expect(asOf.status).toBe(200);
    expect(asOf.body.stamps).toBe(0);
    expect((await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/upcast-1`, { token: business.token })).body.stamps).toBe(1);

    const stored = await withStore((store) => store.readStream(streamNames.pass(pass.id)));
    expect(stored[1]).toMatchObject({ type: 'PassInstalled', data: { occurred_at: installedAt }, metadata: { schema_version: 1 } });
  });
});
