/**
 * Documents of an earlier projection version are read through the current schema while their rebuild runs
 * (projection.ts): the users and templates of version 1 read as what they were.
 */
import { describe, expect, test } from '@jest/globals';
import { templateDocument, userDocument } from './document-schemas';

describe('documents of version 1, read while version 2 is rebuilt', () => {
  test('a user is the business founder: an active owner', () => {
    const user = userDocument.parse({ id: 'u', businessId: 'b', email: 'ada@example.com', passwordHash: 'scrypt$x', createdAt: '2026-11-21T10:00:00.000Z' });
    expect(user).toMatchObject({ role: 'owner', status: 'active', name: null, inviteTokenHash: null, inviteExpiresAt: null });
  });

  test('a template is closed to enrolment, with no join code', () => {
    const template = templateDocument.parse({
      id: 't',
      businessId: 'b',
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      name: 'Coffee card',
      passType: 'generic',
      description: null,
      logoText: null,
      colors: { background: '#FFFFFF', foreground: '#000000', label: '#666666' },
      displayFields: { header: [], primary: [], secondary: [], auxiliary: [], back: [] },
      barcodeFormat: 'qr',
      nfcMessage: null,
      currency: null,
      stampsForReward: null,
      scanSecurity: { signedBarcodes: false, scanCooldown: null, autoStampOnScan: false },
    });
    expect(template.enrolment).toEqual({ enabled: false, fields: ['name', 'email'], consentText: null, joinCode: null });
  });
});
