import { lazy, type ComponentType } from 'react';

/** React.lazy for named exports (the house style has no default exports). */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}
