/**
 * A text's length as people count it and as the body schemas limit it (zod counts code points): an emoji
 * is one character, not the two UTF-16 units `String.length` gives.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}
