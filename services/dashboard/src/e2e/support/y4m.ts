/**
 * A YUV4MPEG2 (Y4M) video for Chromium's fake camera (`--use-file-for-fake-video-capture`): the format is
 * a text header, then per frame `FRAME\n` and the planes of 4:2:0 YUV. A grey picture needs only luma;
 * the chroma planes stay neutral (128).
 */

export interface GreyImage {
  width: number;
  height: number;
  /** One byte of luma per pixel, row by row. */
  luma: Uint8Array;
}

export function y4mVideo(image: GreyImage, frames = 3): Buffer {
  if (image.width % 2 !== 0 || image.height % 2 !== 0) throw new Error('4:2:0 video needs even dimensions');
  const header = Buffer.from(`YUV4MPEG2 W${image.width} H${image.height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const chroma = Buffer.alloc((image.width / 2) * (image.height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), Buffer.from(image.luma), chroma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** Puts `image` in the middle of a white frame of the given size, enlarged by a whole factor to fill it. */
export function centredOnWhite(image: GreyImage, width: number, height: number): GreyImage {
  const scale = Math.max(1, Math.floor(Math.min((width * 0.8) / image.width, (height * 0.8) / image.height)));
  const luma = new Uint8Array(width * height).fill(255);
  const left = Math.floor((width - image.width * scale) / 2);
  const top = Math.floor((height - image.height * scale) / 2);
  for (let y = 0; y < image.height * scale; y++) {
    for (let x = 0; x < image.width * scale; x++) {
      const target = (top + y) * width + left + x;
      if (target >= 0 && target < luma.length) luma[target] = image.luma[Math.floor(y / scale) * image.width + Math.floor(x / scale)] ?? 255;
    }
  }
  return { width, height, luma };
}
