/**
 * Template images over real HTTP: upload (PNG, JPEG), the template naming each by hash, the public files,
 * removal, every refusal (not an image, a PNG sent as JPEG, too large, too many pixels, cut off, another
 * business's template, the wrong media type), roles, and the images in the .pkpass and the Google class.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_GOOGLE_ISSUER_ID, TEST_PASS_TYPE_ID, unpackPkpass } from '@passes/testkit';
import fs from 'node:fs';
import path from 'node:path';
import { defaultImages } from '@passes/wallets';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { addTeamMember, type TeamMember } from '../testing/team-members';
import { startWalletTestBed, type WalletTestBed } from '../testing/wallet-server';
import type { ErrorBody, TemplateBody } from '../testing/wire-types';

const APP_URL = 'https://passes.test';

let bed: WalletTestBed, business: TestBusiness, other: TestBusiness, manager: TeamMember, staff: TeamMember;
beforeAll(async () => {
  bed = await startWalletTestBed();
  business = await registerBusiness(bed.server, 'Corner Café');
  other = await registerBusiness(bed.server, 'Other Shop');
  manager = await addTeamMember(bed.server, business, 'manager', 'manager@example.com');
  staff = await addTeamMember(bed.server, business, 'staff', 'staff@example.com');
});
afterAll(() => bed?.stop());

const picture = (width: number, height: number, colour = '#c0ffee') => sharp({ create: { width, height, channels: 3, background: colour } });
const png = (width = 600, height = 300, colour?: string) => picture(width, height, colour).png().toBuffer();
const jpeg = (width = 600, height = 300) => picture(width, height).jpeg().toBuffer();
const local = (url: string) => url.replace(APP_URL, bed.server.rootUrl);
const imagePath = (owner: TestBusiness, slot: string, templateId = owner.templateId) => `/businesses/${owner.businessId}/templates/${templateId}/images/${slot}`;

async function put(slot: string, body: Buffer, contentType: string, options: { token?: string; templateId?: string; business?: TestBusiness } = {}) {
  const { token = business.token, templateId = business.templateId, business: owner = business } = options;
  const response = await fetch(`${bed.server.baseUrl}${imagePath(owner, slot, templateId)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as TemplateBody & ErrorBody };
}

const remove = (slot: string, token = business.token) => bed.server.request<TemplateBody & ErrorBody>('DELETE', imagePath(business, slot), { token });

async function sizeOf(data: Buffer | Uint8Array) {
  const { format, width, height } = await sharp(data).metadata();
  return { format, width, height };
}

describe('uploading a template image', () => {
  it('answers 200 with the template naming the image by hash, with its public address', async () => {
    const uploaded = await put('logo', await png(600, 300), 'image/png');
    expect(uploaded.status).toBe(200);
    const { logo } = uploaded.body.images;
    expect(logo).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), url: `${APP_URL}/template-images/${logo?.hash}/logo@3x.png` });
    expect(uploaded.body.images.icon).toBeNull();
    const read = await bed.server.request<TemplateBody>('GET', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: business.token });
    expect(read.body.images.logo).toEqual(logo);
  });

  it('serves the rendered files at the public address, cacheable for good', async () => {
    const uploaded = await put('logo', await png(600, 300), 'image/png');
    const response = await fetch(local(uploaded.body.images.logo?.url ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sizeOf(Buffer.from(await response.arrayBuffer()))).toEqual({ format: 'png', width: 300, height: 150 });
    const oneX = await fetch(local(uploaded.body.images.logo?.url.replace('logo@3x.png', 'logo.png') ?? ''));
    expect(await sizeOf(Buffer.from(await oneX.arrayBuffer()))).toEqual({ format: 'png', width: 100, height: 50 });
  });

  it('takes a JPEG, re-encoded as PNG', async () => {
    const uploaded = await put('strip', await jpeg(1000, 400), 'image/jpeg');
    expect(uploaded.status).toBe(200);
    const response = await fetch(local(uploaded.body.images.strip?.url ?? ''));
    expect(await sizeOf(Buffer.from(await response.arrayBuffer()))).toEqual({ format: 'png', width: 1125, height: 369 });
  });

  it('changes the hash, and the template, when the image changes', async () => {
    const first = await put('icon', await png(100, 100, '#ff0000'), 'image/png');
    const second = await put('icon', await png(100, 100, '#0000ff'), 'image/png');
    expect(second.body.images.icon?.hash).not.toBe(first.body.images.icon?.hash);
    expect(second.body.updated_at >= first.body.updated_at).toBe(true);
  });

  it('is 404 for a file no image has', async () => {
    expect((await fetch(`${bed.server.rootUrl}/template-images/${'0'.repeat(64)}/logo.png`)).status).toBe(404);
    expect((await fetch(`${bed.server.rootUrl}/template-images/not-a-hash/logo.png`)).status).toBe(404);
  });
});

describe('removing a template image', () => {
  it('answers 200 with the slot empty, and again when it already is', async () => {
    await put('strip', await png(), 'image/png');
    const removed = await remove('strip');
    expect(removed.status).toBe(200);
    expect(removed.body.images.strip).toBeNull();
    expect((await remove('strip')).status).toBe(200);
  });
});

describe('a bad image', () => {
  const reasonOf = (body: ErrorBody) => body.error.message;

  it('that is not an image is 422 with the reason', async () => {
    const refused = await put('logo', Buffer.from('GIF89a not really'), 'image/png');
    expect(refused.status).toBe(422);
    expect(reasonOf(refused.body)).toBe('The body is not a PNG image');
  });

  it('a PNG claiming to be a JPEG is 422', async () => {
    const refused = await put('logo', await png(), 'image/jpeg');
    expect(refused.status).toBe(422);
    expect(reasonOf(refused.body)).toBe('The body is a PNG image, not the JPEG its Content-Type says');
  });

  it('larger than 5 MiB is 413', async () => {
    const refused = await put('logo', Buffer.alloc(5 * 1_048_576 + 1, 1), 'image/png');
    expect(refused.status).toBe(413);
    expect(reasonOf(refused.body)).toBe('The image is larger than 5 MiB');
  });

  it('with too many pixels is 422', async () => {
    const refused = await put('strip', await png(5000, 100), 'image/png');
    expect(refused.status).toBe(422);
    expect(reasonOf(refused.body)).toBe('The image is 5000×100 pixels; at most 4096×4096 are accepted');
  });

  it('cut off is 422', async () => {
    const whole = await picture(800, 800).jpeg({ quality: 100 }).toBuffer();
    const refused = await put('logo', whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg');
    expect(refused.status).toBe(422);
    expect(reasonOf(refused.body)).toBe('The JPEG image could not be decoded whole (cut off or damaged)');
  });

  it('of another media type is 415', async () => {
    const refused = await put('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(refused.status).toBe(415);
    expect(reasonOf(refused.body)).toBe('Send the image as the body with Content-Type: image/png or image/jpeg');
  });

  it('changes nothing', async () => {
    await remove('icon');
    await put('icon', await png(), 'image/jpeg');
    const read = await bed.server.request<TemplateBody>('GET', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: business.token });
    expect(read.body.images.icon).toBeNull();
  });
});

describe('whose template', () => {
  it('another business’s template is 404, and an unknown one', async () => {
    const foreign = await put('logo', await png(), 'image/png', { templateId: other.templateId });
    expect(foreign.status).toBe(404);
    expect((await put('logo', await png(), 'image/png', { templateId: '0196b5e2-0000-7000-8000-00000000dead' })).status).toBe(404);
  });

  it('an unknown slot is 404', async () => {
    const refused = await put('background', await png(), 'image/png');
    expect(refused.status).toBe(404);
  });

  it('managers may upload and remove; staff may not (403)', async () => {
    expect((await put('logo', await png(), 'image/png', { token: manager.token })).status).toBe(200);
    expect((await remove('logo', manager.token)).status).toBe(200);
    expect((await put('logo', await png(), 'image/png', { token: staff.token })).status).toBe(403);
    expect((await remove('logo', staff.token)).status).toBe(403);
  });
});

describe('a pass of a template with images', () => {
  it('carries them in its .pkpass at @1x, @2x and @3x, and the defaults without them', async () => {
    await put('logo', await png(600, 300), 'image/png');
    await put('icon', await png(200, 200), 'image/png');
    await put('strip', await png(1000, 400), 'image/png');
    const pass = await issuePass(bed.server, business);
    const response = await fetch(local(pass.apple_wallet_url ?? ''));
    const unpacked = unpackPkpass(new Uint8Array(await response.arrayBuffer()));
    try {
      expect(unpacked.digestProblems()).toEqual([]);
      expect(unpacked.signatureVerifies(bed.credentials)).toBe(true);
      const size = (name: string) => sizeOf(fs.readFileSync(path.join(unpacked.directory, 'contents', name)));
      expect(await size('logo.png')).toEqual({ format: 'png', width: 100, height: 50 });
      expect(await size('logo@3x.png')).toEqual({ format: 'png', width: 300, height: 150 });
      expect(await size('icon@2x.png')).toEqual({ format: 'png', width: 58, height: 58 });
      expect(await size('strip.png')).toEqual({ format: 'png', width: 375, height: 123 });
      expect(await size('strip@3x.png')).toEqual({ format: 'png', width: 1125, height: 369 });
    } finally {
      unpacked.remove();
    }
    await remove('strip');
    const without = unpackPkpass(new Uint8Array(await (await fetch(local(pass.apple_wallet_url ?? ''))).arrayBuffer()));
    without.remove();
    expect(without.files).not.toContain('strip.png');
  });

  it('shows the default logo when the logo’s files are not all in the store (restored from an older backup)', async () => {
    const uploaded = await put('logo', await png(700, 200, '#778899'), 'image/png');
    const store = new Database(path.join(bed.server.dataDir, 'template-images.sqlite'));
    store.prepare('DELETE FROM template_image_files WHERE hash = ? AND name = ?').run(uploaded.body.images.logo?.hash, 'logo@2x.png');
    store.close();
    const pass = await issuePass(bed.server, business);
    const unpacked = unpackPkpass(new Uint8Array(await (await fetch(local(pass.apple_wallet_url ?? ''))).arrayBuffer()));
    try {
      for (const name of ['logo.png', 'logo@2x.png', 'logo@3x.png']) {
        expect(fs.readFileSync(path.join(unpacked.directory, 'contents', name))).toEqual(defaultImages()[name]);
      }
    } finally {
      unpacked.remove();
    }
  });

  it('shows the logo and strip in the Google class, at the service’s own addresses', async () => {
    // Colours no other test uploads: a solid image's files, and so its hash, depend only on its colour and box.
    const logo = await put('logo', await png(640, 200, '#123456'), 'image/png');
    const strip = await put('strip', await png(1200, 400, '#654321'), 'image/png');
    const classPath = `/walletobjects/v1/loyaltyClass/${encodeURIComponent(`${TEST_GOOGLE_ISSUER_ID}.${business.templateId}`)}`;
    const update = await bed.google.waitForUpdate((each) => each.path === classPath && JSON.stringify(each.body).includes(strip.body.images.strip?.hash ?? '-'));
    expect(update.body['programLogo']).toEqual({ sourceUri: { uri: logo.body.images.logo?.url } });
    expect(update.body['heroImage']).toEqual({ sourceUri: { uri: strip.body.images.strip?.url } });
  });

  it('pushes the devices that registered its passes, whose next download has the new image', async () => {
    const pass = await issuePass(bed.server, other);
    const first = unpackPkpass(new Uint8Array(await (await fetch(local(pass.apple_wallet_url ?? ''))).arrayBuffer()));
    first.remove();
    const authorization = `ApplePass ${String(first.passJson['authenticationToken'])}`;
    const device = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const pushToken = 'ef'.repeat(32);
    const registration = await fetch(`${bed.server.rootUrl}/wallet/apple/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${pass.serial_number}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ pushToken }),
    });
    expect(registration.status).toBe(201);
    const pushed = bed.apns.received.length;

    bed.server.clock.advance(2_000);
    expect((await put('logo', await png(800, 250, '#abcdef'), 'image/png', { token: other.token, templateId: other.templateId, business: other })).status).toBe(200);
    expect((await bed.apns.waitFor(pushed + 1)).slice(pushed).map((push) => push.path)).toEqual([`/3/device/${pushToken}`]);
    const latest = await fetch(`${bed.server.rootUrl}/wallet/apple/v1/passes/${TEST_PASS_TYPE_ID}/${pass.serial_number}`, { headers: { authorization } });
    expect(latest.status).toBe(200);
    const updated = unpackPkpass(new Uint8Array(await latest.arrayBuffer()));
    try {
      expect(await sizeOf(fs.readFileSync(path.join(updated.directory, 'contents', 'logo@2x.png')))).toEqual({ format: 'png', width: 320, height: 100 });
    } finally {
      updated.remove();
    }
  });
});
