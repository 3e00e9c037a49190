/**
 * The files of each template image, at the sizes Apple's PassKit asks for ("Pass Design and Creation":
 * logo at most 160×50 points, icon 29×29, strip 375×123 on a store card), each at @1x, @2x and @3x.
 * The logo keeps its proportions within its box; icon and strip fill theirs, cropped at the centre.
 */
import type { TemplateImageSlot } from '@passes/domain';

export interface ImageBox {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
}

export const TEMPLATE_IMAGE_BOXES: Readonly<Record<TemplateImageSlot, ImageBox>> = {
  logo: { width: 160, height: 50, fit: 'inside' },
  icon: { width: 29, height: 29, fit: 'cover' },
  strip: { width: 375, height: 123, fit: 'cover' },
};

export const IMAGE_SCALES = [1, 2, 3] as const;
export type ImageScale = (typeof IMAGE_SCALES)[number];

/** A wallet's name for the file: `logo.png`, `logo@2x.png`, `logo@3x.png`. */
export function imageFileName(slot: TemplateImageSlot, scale: ImageScale): string {
  return scale === 1 ? `${slot}.png` : `${slot}@${scale}x.png`;
}

/** Where `{app_url}` serves a file of a stored image; the hash in the path makes it cacheable for good. */
export function templateImagePath(hash: string, fileName: string): string {
  return `${TEMPLATE_IMAGES_PATH}/${hash}/${fileName}`;
}

export const TEMPLATE_IMAGES_PATH = '/template-images';
