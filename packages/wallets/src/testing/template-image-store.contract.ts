/** The behaviour every TemplateImageStore adapter owes template images. Hashes are unique per test, so a shared server works. */
import { describe, expect, it } from '@jest/globals';
import type { TemplateImageStore } from '@passes/application';
import { freshForEachTest } from '@passes/testkit';
import { randomBytes } from 'node:crypto';

const aHash = () => randomBytes(32).toString('hex');

export function describeTemplateImageStoreContract(adapterName: string, createStore: () => Promise<{ store: TemplateImageStore; dispose: () => Promise<void> }>): void {
  describe(`TemplateImageStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(createStore);
    const store = () => current().store;

    it('gives back each saved file byte for byte', async () => {
      const hash = aHash();
      const [logo, logo2x] = [randomBytes(1000), randomBytes(300_000)];
      await store().save(hash, [{ name: 'logo.png', data: logo }, { name: 'logo@2x.png', data: logo2x }]);
      expect(await store().load(hash, 'logo.png')).toEqual(logo);
      expect(await store().load(hash, 'logo@2x.png')).toEqual(logo2x);
    });

    it('has nothing for an unknown image or file', async () => {
      const hash = aHash();
      await store().save(hash, [{ name: 'icon.png', data: randomBytes(10) }]);
      expect(await store().load(aHash(), 'icon.png')).toBeNull();
      expect(await store().load(hash, 'icon@2x.png')).toBeNull();
    });

    it('saves an image again without error, keeping its files', async () => {
      const hash = aHash();
      const icon = randomBytes(50);
      await store().save(hash, [{ name: 'icon.png', data: icon }]);
      await store().save(hash, [{ name: 'icon.png', data: icon }]);
      expect(await store().load(hash, 'icon.png')).toEqual(icon);
    });

    it('keeps images apart by hash', async () => {
      const [first, second] = [aHash(), aHash()];
      const [one, two] = [randomBytes(20), randomBytes(20)];
      await Promise.all([store().save(first, [{ name: 'strip.png', data: one }]), store().save(second, [{ name: 'strip.png', data: two }])]);
      expect(await store().load(first, 'strip.png')).toEqual(one);
      expect(await store().load(second, 'strip.png')).toEqual(two);
    });
  });
}
