/** Where the rendered files of template images are kept, by the hash of the image (one port, an adapter per profile). */

/** One file of a rendered image, named as a wallet names it (`logo@2x.png`). */
export interface TemplateImageFile {
  name: string;
  data: Buffer;
}

export interface TemplateImageStore {
  /** Keeps the files of the image with this hash. The same hash names the same files: saving them again changes nothing. */
  save(hash: string, files: readonly TemplateImageFile[]): Promise<void>;
  /** One file of a saved image; null when there is no such image or file. */
  load(hash: string, name: string): Promise<Buffer | null>;
  close(): Promise<void>;
}
