/** What a work item's payload may hold: it is stored as JSON. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
