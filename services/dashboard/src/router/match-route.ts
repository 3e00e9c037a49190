/** Matches a path against a pattern such as `/passes/:identifier`; the values come back decoded. */

export type RouteParams = Readonly<Record<string, string>>;

export function matchRoute(pattern: string, path: string): RouteParams | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(path);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < wanted.length; index++) {
    const part = wanted[index] as string;
    const value = given[index] as string;
    if (part.startsWith(':')) {
      const decoded = decode(value);
      if (decoded === null || decoded === '') return null;
      params[part.slice(1)] = decoded;
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
