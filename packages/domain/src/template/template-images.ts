/** The images a template's passes show (a logo, an icon, a strip), each known by the hash of its content. */
export const TEMPLATE_IMAGE_SLOTS = ['logo', 'icon', 'strip'] as const;
export type TemplateImageSlot = (typeof TEMPLATE_IMAGE_SLOTS)[number];

/** Per slot the SHA-256 (hex) of the image's rendered files, or null: the wallet's default (none for a strip). */
export type TemplateImages = Readonly<Record<TemplateImageSlot, string | null>>;

export const NO_TEMPLATE_IMAGES: TemplateImages = { logo: null, icon: null, strip: null };

/** How an image's hash is written: 64 lowercase hex digits. */
export const IMAGE_HASH_PATTERN = /^[0-9a-f]{64}$/;
