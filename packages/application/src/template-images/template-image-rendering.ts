/**
 * An uploaded image made safe to serve: decoded by sharp (libvips), refused with a reason when it is not
 * the PNG or JPEG it claims to be, too large or cut off, then re-encoded as PNG at every size a wallet
 * asks for. Nothing of the upload survives but its pixels: no metadata, no colour profile, no trailing bytes.
 */
import { hash as digest } from 'node:crypto';
import { DomainError, type TemplateImageSlot } from '@passes/domain';
import { IMAGE_SCALES, imageFileName, TEMPLATE_IMAGE_BOXES } from './template-image-sizes';
import type { TemplateImageFile } from './template-image-store';

export const IMAGE_MEDIA_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpeg' } as const;
export type ImageMediaType = keyof typeof IMAGE_MEDIA_TYPES;

/** Far above what a wallet shows, low enough that decoding one costs little memory. */
export const MAX_IMAGE_BYTES = 5 * 1_048_576;
export const MAX_IMAGE_SIDE = 4096;

export interface RenderedImage {
  /** SHA-256 of the rendered files, in order: what the template records. */
  hash: string;
  files: TemplateImageFile[];
}

function refused(reason: string): DomainError {
  return new DomainError('validation_error', reason);
}

export async function renderTemplateImage(slot: TemplateImageSlot, bytes: Buffer, mediaType: ImageMediaType): Promise<RenderedImage> {
  // Loaded at the first upload, not with every process: libvips is a large library to load.
  const { default: sharp } = await import('sharp');
  const declared = IMAGE_MEDIA_TYPES[mediaType];
  const { format, width, height } = await sharp(bytes).metadata().catch(() => {
    throw refused(`The body is not a ${declared.toUpperCase()} image`);
  });
  if (format !== declared) throw refused(`The body is ${format === undefined ? 'not' : `a ${format.toUpperCase()} image, not`} the ${declared.toUpperCase()} its Content-Type says`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw refused(`The image is ${width}×${height} pixels; at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} are accepted`);
  }
  const box = TEMPLATE_IMAGE_BOXES[slot];
  const files = await Promise.all(
    IMAGE_SCALES.map(async (scale) => ({
      name: imageFileName(slot, scale),
      // `failOn: 'truncated'`: an image cut off is refused, not shown half grey.
      data: await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE })
        .rotate()
        .resize(box.width * scale, box.height * scale, { fit: box.fit })
        .png()
        .toBuffer()
        .catch(() => {
          throw refused(`The ${declared.toUpperCase()} image could not be decoded whole (cut off or damaged)`);
        }),
    })),
  );
  const hash = digest('sha256', Buffer.concat(files.flatMap(({ name, data }) => [Buffer.from(`${name}\n${data.length}\n`), data])), 'hex');
  return { hash, files };
}
