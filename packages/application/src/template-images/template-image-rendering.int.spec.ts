import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@passes/domain';
import sharp from 'sharp';
import { MAX_IMAGE_SIDE, renderTemplateImage } from './template-image-rendering';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0ffee' } });
const png = (width = 600, height = 300) => picture(width, height).png().toBuffer();
const jpeg = (width = 600, height = 300) => picture(width, height).jpeg().toBuffer();

async function refusal(render: Promise<unknown>): Promise<string> {
  const error = await render.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`Expected a refusal, got ${String(error)}`);
  expect(error.code).toBe('validation_error');
  return error.message;
}

describe('rendering an uploaded template image', () => {
  it('makes the logo PNGs at @1x, @2x and @3x, within 160×50 points, keeping its proportions', async () => {
    const { files } = await renderTemplateImage('logo', await png(600, 300), 'image/png');
    const sizes = await Promise.all(files.map(async ({ name, data }) => ({ name, ...(await sharp(data).metadata()) })));
    expect(sizes.map(({ name, format, width, height }) => ({ name, format, width, height }))).toEqual([
      { name: 'logo.png', format: 'png', width: 100, height: 50 },
      { name: 'logo@2x.png', format: 'png', width: 200, height: 100 },
      { name: 'logo@3x.png', format: 'png', width: 300, height: 150 },
    ]);
  });

  it('fills the icon (29×29) and the strip (375×123) boxes', async () => {
    const icon = await renderTemplateImage('icon', await jpeg(500, 200), 'image/jpeg');
    const strip = await renderTemplateImage('strip', await jpeg(500, 200), 'image/jpeg');
    const size = async (data: Buffer | undefined) => {
      const { width, height } = await sharp(data).metadata();
      return [width, height];
    };
    expect(await size(icon.files[2]?.data)).toEqual([87, 87]);
    expect(await size(strip.files[0]?.data)).toEqual([375, 123]);
    expect(await size(strip.files[1]?.data)).toEqual([750, 246]);
  });

  it('keeps nothing of the upload but its pixels: no EXIF, no colour profile', async () => {
    const tagged = await picture(400, 400).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } }).toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const { files } = await renderTemplateImage('icon', tagged, 'image/jpeg');
    for (const { data } of files) {
      const metadata = await sharp(data).metadata();
      expect([metadata.exif, metadata.icc, metadata.xmp]).toEqual([undefined, undefined, undefined]);
      expect(data.includes(Buffer.from('secret place'))).toBe(false);
    }
  });

  it('names the same image by the same hash, and another image by another', async () => {
    const first = await renderTemplateImage('logo', await png(), 'image/png');
    const again = await renderTemplateImage('logo', await png(), 'image/png');
    const other = await renderTemplateImage('logo', await picture(600, 300).flip().tint('#ff0000').png().toBuffer(), 'image/png');
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(again.hash).toBe(first.hash);
    expect(other.hash).not.toBe(first.hash);
  });

  it('refuses what is not an image', async () => {
    expect(await refusal(renderTemplateImage('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'))).toBe('The body is not a PNG image');
  });

  it('refuses a PNG sent as a JPEG, and a JPEG sent as a PNG', async () => {
    expect(await refusal(renderTemplateImage('logo', await png(), 'image/jpeg'))).toBe('The body is a PNG image, not the JPEG its Content-Type says');
    expect(await refusal(renderTemplateImage('logo', await jpeg(), 'image/png'))).toBe('The body is a JPEG image, not the PNG its Content-Type says');
  });

  it('refuses an image with more pixels than it accepts, before decoding it', async () => {
    const huge = await png(MAX_IMAGE_SIDE + 1, 10);
    expect(await refusal(renderTemplateImage('strip', huge, 'image/png'))).toBe(`The image is ${MAX_IMAGE_SIDE + 1}×10 pixels; at most 4096×4096 are accepted`);
  });

  it('refuses an image cut off', async () => {
    const whole = await picture(800, 800).png({ compressionLevel: 0 }).toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await refusal(renderTemplateImage('logo', cut, 'image/png'))).toBe('The PNG image could not be decoded whole (cut off or damaged)');
  });
});
