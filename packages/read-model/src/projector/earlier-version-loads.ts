/**
 * Until a projection's new version is live, the live feed goes on writing its events into the generation
 * an earlier version built, so that reads meanwhile reflect every write. Its documents lack what the new
 * version added, and the projection folds events over documents of its own shape: loaded from such a
 * generation, each is read through the projection's schema first, whose defaults say what a document of
 * before held (document-schemas.ts), as every read of it does.
 */
import type { DocumentStore, GenerationRef, StoredDocument } from '../document-store';
import type { Projection } from '../projections/projection';

export function earlierVersionLoads(store: Pick<DocumentStore, 'load'>, projection: Projection): Pick<DocumentStore, 'load'> {
  return {
    async load(target: GenerationRef, ids: readonly string[]): Promise<Map<string, StoredDocument<unknown>>> {
      const loaded = await store.load(target, ids);
      const read = new Map<string, StoredDocument<unknown>>();
      for (const [id, stored] of loaded) read.set(id, stored.doc === null ? stored : { ...stored, doc: projection.schema.parse(stored.doc) });
      return read;
    },
  };
}
