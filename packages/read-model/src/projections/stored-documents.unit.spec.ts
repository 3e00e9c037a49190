/**
 * While a projection's new version is rebuilt, its collection is read from the generation an earlier
 * version built, through the current schema (projection.ts): every document any version stored must read
 * as what it was, or every read of it fails until the rebuild ends. stored-documents/ holds documents as
 * each version stored them (`<collection>.<version>.json`, out of a read store that version's service
 * built; version 3 of passes and version 1 of the others are of the service before the programme), and
 * projection-versions.unit.spec.ts asks for documents of every current version, so that each shape is kept
 * here to be read by the schemas that come after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { readModelProjections } from './read-models';

const STORED = path.join(__dirname, 'stored-documents');

interface StoredDocuments {
  file: string;
  collection: string;
  version: number;
  documents: unknown[];
}

const stored: StoredDocuments[] = fs.readdirSync(STORED).map((file) => {
  const name = /^([a-z_]+)\.(\d+)\.json$/.exec(file);
  if (!name?.[1] || !name[2]) throw new Error(`${file}: not named <collection>.<version>.json`);
  const documents = z.array(z.unknown()).nonempty().parse(JSON.parse(fs.readFileSync(path.join(STORED, file), 'utf8')));
  return { file, collection: name[1], version: Number(name[2]), documents };
});

const projectionOf = (collection: string) => {
  const projection = readModelProjections.find((candidate) => candidate.collection === collection);
  if (projection === undefined) throw new Error(`no projection of a collection '${collection}'`);
  return projection;
};

/** Every document of `collection` stored by `version`, as the current schema reads it. */
const read = (collection: string, version: number) => {
  const documents = stored.find((entry) => entry.collection === collection && entry.version === version)?.documents ?? [];
  return documents.map((document) => projectionOf(collection).schema.parse(document));
};

describe('documents as earlier versions stored them', () => {
  it.each(stored.map((entry) => [entry.file, entry] as const))('%s reads through the current schema', (_file, { collection, version, documents }) => {
    const projection = projectionOf(collection);
    expect(version).toBeLessThanOrEqual(projection.version);
    const problems = documents.flatMap((document, index) => {
      const parsed = projection.schema.safeParse(document);
      return parsed.success ? [] : [`document ${index}: ${z.prettifyError(parsed.error)}`];
    });
    expect(problems).toEqual([]);
  });

  it('a pass of before the programme has earned no reward, taken no payment and received no message', () => {
    const passes = read('passes', 3);
    expect(passes.length).toBeGreaterThan(0);
    for (const pass of passes) {
      expect(pass).toMatchObject({ rewards: [], payments: {}, lastMessage: null, messageSources: [], notifiedAt: [], automationRuns: [], automationEmailsStoppedAt: null });
    }
    expect(passes).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'redeemed' }), expect.objectContaining({ status: 'voided' })]));
  });

  it("a user of before staff roles is the business's founder: an active owner", () => {
    expect(read('users', 1)).toEqual([expect.objectContaining({ role: 'owner', status: 'active', name: null, inviteTokenHash: null, inviteExpiresAt: null })]);
  });

  it('a template of before self-enrolment and images is closed to enrolment, with no join code and no images', () => {
    for (const template of read('templates', 1)) {
      expect(template).toMatchObject({
        enrolment: { enabled: false, fields: ['name', 'email'], consentText: null, joinCode: null },
        images: { logo: null, icon: null, strip: null },
      });
    }
  });
});
