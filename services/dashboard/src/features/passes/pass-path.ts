/** The dashboard's page of one pass, by its id: where every list, result and search that names a pass leads. */
export function passPath(passId: string): string {
  return `/passes/${encodeURIComponent(passId)}`;
}
