/**
 * A template's images: `PUT …/templates/:template_id/images/:slot` with the image as the body (PNG or JPEG,
 * its media type as Content-Type) and `DELETE` the same, each answering the template. The body is read
 * here, as bytes, up to the image limit: the API's JSON reader leaves other media types alone.
 */
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, type Application, type ImageMediaType } from '@passes/application';
import { TEMPLATE_IMAGE_SLOTS, type TemplateImageSlot } from '@passes/domain';
import express, { type Request, type RequestHandler } from 'express';
import { ApiError } from '../http/api-error';
import { commandContextOf, principalOf } from '../http/authentication';
import type { RouteGroup } from '../http/route-group';
import { sandboxKeysReadOnly } from '../http/sandbox-access';
import type { TemplateRepresenter } from './template-routes';

const MEDIA_TYPES = Object.keys(IMAGE_MEDIA_TYPES);

function isImageMediaType(type: string): type is ImageMediaType {
  return MEDIA_TYPES.includes(type);
}

/** The declared media type, refused with 415 before a byte of the body is read. */
function mediaTypeOf(request: Request): ImageMediaType {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isImageMediaType(type)) throw new ApiError('unsupported_media_type', 'Send the image as the body with Content-Type: image/png or image/jpeg');
  return type;
}

const readImage = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });

/** The body's bytes; too large is 413, a body that could not be read 400. */
const imageBody: RequestHandler = (request, response, next) => {
  mediaTypeOf(request);
  readImage(request, response, (error?: unknown) => {
    if (error === undefined) return next();
    const type = typeof error === 'object' && error !== null && 'type' in error ? error.type : undefined;
    if (type === 'entity.too.large') return next(new ApiError('payload_too_large', `The image is larger than ${MAX_IMAGE_BYTES / 1_048_576} MiB`));
    return next(new ApiError('bad_request', 'The request body could not be read whole'));
  });
};

function slotOf(request: Request): TemplateImageSlot {
  const slot = TEMPLATE_IMAGE_SLOTS.find((each) => each === request.params['slot']);
  if (slot === undefined) throw new ApiError('not_found', `No image slot '${String(request.params['slot'])}': a template has a logo, an icon and a strip`);
  return slot;
}

export function addTemplateImageRoutes(group: RouteGroup, application: Application, represent: TemplateRepresenter): void {
  const routes = group.within('', sandboxKeysReadOnly('templates'));

  routes.put('/:template_id/images/:slot', imageBody, async (request, response) => {
    const slot = slotOf(request);
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const templateId = String(request.params['template_id']);
    const template = await application.templateImages.upload(principalOf(response).businessId, templateId, slot, bytes, mediaTypeOf(request), commandContextOf(response));
    response.json(represent(template));
  });

  routes.delete('/:template_id/images/:slot', async (request, response) => {
    const slot = slotOf(request);
    const template = await application.templateImages.remove(principalOf(response).businessId, String(request.params['template_id']), slot, commandContextOf(response));
    response.json(represent(template));
  });
}
