/** Template images: upload one to a template's slot (rendered, stored, then recorded), remove it, serve its files. */
import { IMAGE_HASH_PATTERN, TEMPLATE_IMAGE_SLOTS, type Template, type TemplateImageSlot } from '@passes/domain';
import type { CommandContext } from '../shared/command-context';
import type { Templates } from '../templates/templates';
import { renderTemplateImage, type ImageMediaType } from './template-image-rendering';
import { IMAGE_SCALES, imageFileName, templateImagePath } from './template-image-sizes';
import type { TemplateImageStore } from './template-image-store';

/** Every file name a stored image can have. */
const FILE_NAMES: ReadonlySet<string> = new Set(TEMPLATE_IMAGE_SLOTS.flatMap((slot) => IMAGE_SCALES.map((scale) => imageFileName(slot, scale))));

export class TemplateImages {
  constructor(
    private readonly templates: Templates,
    private readonly store: TemplateImageStore,
    private readonly appUrl: () => string,
  ) {}

  async upload(businessId: string, templateId: string, slot: TemplateImageSlot, bytes: Buffer, mediaType: ImageMediaType, context: CommandContext): Promise<Template> {
    // Another business's template is not found before its image is decoded.
    await this.templates.get(businessId, templateId);
    const image = await renderTemplateImage(slot, bytes, mediaType);
    // The files before the event: a template never names an image that is not stored.
    await this.store.save(image.hash, image.files);
    return this.templates.changeImage(businessId, templateId, slot, image.hash, context);
  }

  async remove(businessId: string, templateId: string, slot: TemplateImageSlot, context: CommandContext): Promise<Template> {
    return this.templates.changeImage(businessId, templateId, slot, null, context);
  }

  /** A file of a stored image, by its public path's parts; null for anything else. */
  async file(hash: string, fileName: string): Promise<Buffer | null> {
    if (!IMAGE_HASH_PATTERN.test(hash) || !FILE_NAMES.has(fileName)) return null;
    return this.store.load(hash, fileName);
  }

  /**
   * The files of every image the template has, by the name a wallet gives them (`logo@2x.png`). A slot
   * whose files are not all there (a store restored from an older backup) is left out: the wallet's default shows.
   */
  async filesOf(template: Template): Promise<Record<string, Buffer>> {
    const files: Record<string, Buffer> = {};
    for (const slot of TEMPLATE_IMAGE_SLOTS) {
      const hash = template.images[slot];
      if (hash === null) continue;
      const names = IMAGE_SCALES.map((scale) => imageFileName(slot, scale));
      const loaded = await Promise.all(names.map(async (name) => ({ name, data: await this.store.load(hash, name) })));
      const found = loaded.flatMap(({ name, data }) => (data === null ? [] : [{ name, data }]));
      if (found.length < names.length) continue;
      for (const { name, data } of found) files[name] = data;
    }
    return files;
  }

  /** The public address of an image's largest file: `{app_url}/template-images/{hash}/{slot}@3x.png`. */
  urlOf(hash: string, slot: TemplateImageSlot): string {
    return `${this.appUrl()}${templateImagePath(hash, imageFileName(slot, 3))}`;
  }
}
