/**
 * A projection's documents change shape only with a new version, since the version is what makes the
 * projector rebuild them: the fingerprint of each version's shape (its schema as JSON Schema, and its
 * indexes, hashed) is recorded in projection-fingerprints.json, and a shape that no longer matches the one
 * recorded for its version fails here, saying what to do. A default that only lets an earlier version's
 * documents be read, what the version stores unchanged, changes the fingerprint too: it is recorded in place
 * of the version's. Documents of every current version are kept in stored-documents/, where the schemas of
 * later versions are held to read them (stored-documents.unit.spec.ts).
 */
import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import type { Projection } from './projection';
import { passProjection, readModelProjections } from './read-models';

const FINGERPRINTS_FILE = path.join(__dirname, 'projection-fingerprints.json');

/** Collection → version → fingerprint. */
type Fingerprints = Record<string, Record<string, string>>;

const recorded: Fingerprints = z.record(z.string(), z.record(z.string(), z.string())).parse(JSON.parse(fs.readFileSync(FINGERPRINTS_FILE, 'utf8')));
const storedDocuments = fs.readdirSync(path.join(__dirname, 'stored-documents'));

function fingerprintOf(projection: Projection): string {
  // The stored shape, before any transform a read applies (a position's text, say).
  const shape = { schema: z.toJSONSchema(projection.schema, { io: 'input' }), indexes: [...projection.indexes].sort() };
  return hash('sha256', JSON.stringify(canonical(shape)), 'hex');
}

/** Object keys sorted, and lists of names (`required`, `enum`) too: the same shape written in another order is the same shape. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? [...value].sort() : value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, canonical(item)]),
  );
}

/** What is wrong with the projection's version given the recorded fingerprints; null when nothing is. */
function versionProblem(projection: Projection, fingerprints: Fingerprints): string | null {
  const { collection, version } = projection;
  const fingerprint = fingerprintOf(projection);
  const known = fingerprints[collection]?.[String(version)];
  if (known === fingerprint) return null;
  const record = `"${collection}": { …, "${known === undefined ? version : version + 1}": "${fingerprint}" } in ${path.basename(FINGERPRINTS_FILE)}`;
  if (known === undefined) {
    return `Version ${version} of the ${collection} projection has no recorded shape. If its documents are new or changed, record ${record}.`;
  }
  return (
    `The shape of the ${collection} projection's documents (its schema or indexes) changed, but its version is still ${version}: ` +
    `documents stored by version ${version} would be read as the new shape. Bump its version to ${version + 1}, so the projector ` +
    `rebuilds them, and record ${record}. Keep the fingerprints of earlier versions.`
  );
}

/** What is missing of the documents kept of the projection's version; null when nothing is. */
function storedDocumentsProblem(projection: Projection, fingerprints: Fingerprints, files: readonly string[]): string | null {
  const { collection, version } = projection;
  const versions = fingerprints[collection] ?? {};
  // An earlier version of the same shape stored documents this version's would read as.
  const sameShape = Object.keys(versions).filter((earlier) => versions[earlier] === versions[String(version)]);
  if (sameShape.some((earlier) => files.includes(`${collection}.${earlier}.json`))) return null;
  return (
    `No documents of version ${version} of the ${collection} projection are kept: add stored-documents/${collection}.${version}.json, ` +
    `a list of a few of its documents as this version stores them (the doc column of docs_${collection}_g<generation> in a read store ` +
    `it built), so that the schemas of later versions are held to read them.`
  );
}

describe('the versions of the read model projections', () => {
  it.each(readModelProjections.map((projection) => [projection.collection, projection] as const))(
    '%s: its shape is the one recorded for its version',
    (_collection, projection) => {
      expect(versionProblem(projection, recorded)).toBeNull();
    },
  );

  it.each(readModelProjections.map((projection) => [projection.collection, projection] as const))(
    '%s: documents of its version are kept',
    (_collection, projection) => {
      expect(storedDocumentsProblem(projection, recorded, storedDocuments)).toBeNull();
    },
  );

  describe('a change of shape', () => {
    const withPoints = { ...passProjection, schema: passProjection.schema.and(z.object({ pointsExpireAt: z.string().nullable() })) };
    const current = passProjection.version;
    const next = current + 1;

    it('without a new version fails, saying to bump the version and record the new fingerprint', () => {
      expect(versionProblem(withPoints, recorded)).toMatch(new RegExp(`version is still ${current}.*Bump its version to ${next}.*"${next}": "[0-9a-f]{64}"`, 's'));
    });

    it('fails as well when only an index is added', () => {
      const withIndex = { ...passProjection, indexes: [...passProjection.indexes, 'template'] };
      expect(versionProblem(withIndex, recorded)).toMatch(`Bump its version to ${next}`);
    });

    it('with a new version whose fingerprint is recorded passes', () => {
      const bumped = { ...withPoints, version: next };
      expect(versionProblem(bumped, recorded)).toMatch(`Version ${next} of the passes projection has no recorded shape`);
      const updated = { ...recorded, passes: { ...recorded['passes'], [String(next)]: fingerprintOf(bumped) } };
      expect(versionProblem(bumped, updated)).toBeNull();
    });

    it('with a new version, asks for documents of it to be kept', () => {
      const bumped = { ...withPoints, version: next };
      const updated = { ...recorded, passes: { ...recorded['passes'], [String(next)]: fingerprintOf(bumped) } };
      expect(storedDocumentsProblem(bumped, updated, storedDocuments)).toMatch(`add stored-documents/passes.${next}.json`);
      expect(storedDocumentsProblem(bumped, updated, [...storedDocuments, `passes.${next}.json`])).toBeNull();
    });

    it('a new version of the same shape reads as the documents kept of the one before', () => {
      const rebuiltOnly = { ...passProjection, version: next };
      const updated = { ...recorded, passes: { ...recorded['passes'], [String(next)]: fingerprintOf(passProjection) } };
      expect(storedDocumentsProblem(rebuiltOnly, updated, storedDocuments)).toBeNull();
    });
  });
});
