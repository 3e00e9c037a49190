/**
 * The distributed profile's template images: one document per file of each image in `template_image_files`,
 * `_id` `{hash}/{name}`. Files are a few hundred kilobytes at most, far below a document's limit, so no GridFS.
 */
import type { TemplateImageFile, TemplateImageStore } from '@passes/application';
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import { Binary, type Collection, type Db } from 'mongodb';

const STORE = 'template image store';

interface FileDocument {
  _id: string;
  data: Binary;
}

export class MongoTemplateImageStore implements TemplateImageStore {
  private constructor(private readonly files: Collection<FileDocument>) {}

  static async open(db: Db): Promise<MongoTemplateImageStore> {
    const files = db.collection<FileDocument>('template_image_files');
    // Reaches the server once, so that an unreachable one fails the opening, not the first upload.
    await onMongo(STORE, () => files.estimatedDocumentCount());
    return new MongoTemplateImageStore(files);
  }

  async save(hash: string, files: readonly TemplateImageFile[]): Promise<void> {
    try {
      await onMongo(STORE, () =>
        this.files.bulkWrite(
          files.map(({ name, data }) => ({ updateOne: { filter: { _id: `${hash}/${name}` }, update: { $setOnInsert: { data: new Binary(data) } }, upsert: true } })),
          { ordered: false },
        ),
      );
    } catch (error) {
      // Two processes saving the same image at once: the other's upsert inserted the same bytes first.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async load(hash: string, name: string): Promise<Buffer | null> {
    const file = await onMongo(STORE, () => this.files.findOne({ _id: `${hash}/${name}` }));
    return file === null ? null : Buffer.from(file.data.buffer);
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}
}
