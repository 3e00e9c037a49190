/**
 * The files of template images at `{app_url}/template-images/{hash}/{file}`, for Google Wallet (which
 * fetches class and object images by address) and the dashboard's preview. Named by the hash of their
 * content, a file never changes: cacheable for good by anyone.
 */
import { TEMPLATE_IMAGES_PATH, type Application } from '@passes/application';
import { Router } from 'express';

export function templateImageFileRoutes(application: Application): Router {
  const router = Router();
  router.get(`${TEMPLATE_IMAGES_PATH}/:hash/:file`, async (request, response, next) => {
    const file = await application.templateImages.file(String(request.params['hash']), String(request.params['file']));
    if (file === null) return next();
    response.status(200).set({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' }).send(file);
  });
  return router;
}
