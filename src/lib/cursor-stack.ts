import { useCallback, useState } from 'react';

/**
 * Keyset pages as a stack of cursors (ADR 062): the top is the page shown (null: the first), "next"
 * pushes the answer's `nextCursor`, "previous" pops, so going back costs what going forward does.
 * A change of filters starts again from the first page.
 */
export function useCursorStack() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const next = useCallback((cursor: string) => setCursors((stack) => [...stack, cursor]), []);
  const previous = useCallback(() => setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);
  const reset = useCallback(() => setCursors([null]), []);
  return { cursor: cursors.at(-1) ?? null, page: cursors.length, next, previous, reset };
}

export type CursorStack = ReturnType<typeof useCursorStack>;
