import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeTemplateImageStoreContract } from '../testing/template-image-store.contract';
import { SqliteTemplateImageStore } from './sqlite-template-image-store';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'passes-images-'));

describeTemplateImageStoreContract('SQLite', async () => {
  const dir = tempDir();
  const store = SqliteTemplateImageStore.open(path.join(dir, 'template-images.sqlite'));
  return {
    store,
    dispose: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteTemplateImageStore across a restart', () => {
  it('still has the files a closed store saved', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'template-images.sqlite');
    try {
      const before = SqliteTemplateImageStore.open(file);
      await before.save('a'.repeat(64), [{ name: 'logo.png', data: Buffer.from([1, 2, 3]) }]);
      await before.close();
      const after = SqliteTemplateImageStore.open(file);
      expect(await after.load('a'.repeat(64), 'logo.png')).toEqual(Buffer.from([1, 2, 3]));
      await after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
