/** Escapes LIKE wildcards so a search for "50%" matches the text, not everything. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** "value%" (prefix, can use the text_pattern_ops indexes) or "%value%" when anywhere. */
export function likePrefix(value: string, anywhere = false): string {
  const escaped = escapeLike(value);
  return anywhere ? `%${escaped}%` : `${escaped}%`;
}
