/**
 * How long an image upload's rendering takes (issue 38, part 3: every upload is decoded and re-encoded at
 * three sizes while the request waits): a camera-sized JPEG with noise (so it compresses as a photo does,
 * and stays under the upload limit) rendered as a logo, an icon and a strip, one at a time, in this
 * process. The store is not timed.
 */
import { performance } from 'node:perf_hooks';
import { renderTemplateImage } from '@passes/application';
import { TEMPLATE_IMAGE_SLOTS, type TemplateImageSlot } from '@passes/domain';
import sharp from 'sharp';
import { heading, type SectionOutcome } from './section';

const RUNS = 20;
const WIDTH = 4000;
const HEIGHT = 3000;

export interface ImageRenderingFigures {
  uploadBytes: number;
  /** Per slot: the median and slowest rendering, and the bytes of its three files. */
  slots: Record<TemplateImageSlot, { medianMs: number; maxMs: number; renderedBytes: number }>;
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).jpeg({ quality: 85 }).toBuffer();
}

async function timeSlot(slot: TemplateImageSlot, upload: Buffer) {
  const times: number[] = [];
  let renderedBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const { files } = await renderTemplateImage(slot, upload, 'image/jpeg');
    times.push(performance.now() - started);
    renderedBytes = files.reduce((total, file) => total + file.data.length, 0);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? 0, maxMs: times.at(-1) ?? 0, renderedBytes };
}

/** The `images` section: rendering uploads in this process, no server needed. */
export async function runImageRenderingSection(): Promise<SectionOutcome<ImageRenderingFigures>> {
  const upload = await photo();
  const figures: ImageRenderingFigures = {
    uploadBytes: upload.length,
    slots: { logo: await timeSlot('logo', upload), icon: await timeSlot('icon', upload), strip: await timeSlot('strip', upload) },
  };
  const lines = TEMPLATE_IMAGE_SLOTS.map((slot) => {
    const { medianMs, maxMs, renderedBytes } = figures.slots[slot];
    return [`${slot} rendering`.padEnd(16), `median ${medianMs.toFixed(1)} ms`, `max ${maxMs.toFixed(1)} ms`, `${(renderedBytes / 1024).toFixed(1)} KiB of files`].join('   ');
  });
  return {
    lines: ['', heading(`images · rendering a ${WIDTH}×${HEIGHT} JPEG upload (${(upload.length / 1_048_576).toFixed(1)} MiB) per slot, ${RUNS} times, in this process`), ...lines],
    warnings: [],
    figures,
  };
}
