/** A pass's free key-value pairs. */
type MetadataValue = string | number | boolean;
export type Metadata = Readonly<Record<string, MetadataValue>>;
/** A change to metadata: a value sets its key, null removes it, absent keys stay as they are. */
export type MetadataPatch = Readonly<Record<string, MetadataValue | null>>;

export function mergeMetadata(current: Metadata, patch: MetadataPatch): Metadata {
  const merged: Record<string, MetadataValue> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The part of a patch that changes something: setting a key to the value it has, or removing an absent key, is dropped. */
export function effectivePatch(current: Metadata, patch: MetadataPatch): MetadataPatch {
  const effective: Record<string, MetadataValue | null> = {};
  for (const [key, value] of Object.entries(patch)) {
    const changes = value === null ? Object.hasOwn(current, key) : current[key] !== value;
    if (changes) effective[key] = value;
  }
  return effective;
}
