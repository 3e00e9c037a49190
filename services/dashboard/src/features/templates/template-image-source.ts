/**
 * Where the dashboard loads a template image from: the path of its address on the dashboard's own origin,
 * which the same server serves, so the Content-Security-Policy's `img-src 'self'` holds whatever `{app_url}` is.
 */
export function templateImageSource(image: { url: string }): string {
  return new URL(image.url).pathname;
}
