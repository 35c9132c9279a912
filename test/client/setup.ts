// Client tests run in jsdom with an in-memory IndexedDB, so Dexie behaves as in a browser.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; lazy chunks and Dexie on a loaded CI machine can take
// longer. Waiting longer changes no assertion, it only stops slow machines from failing good code.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A file may run in Node instead (`@vitest-environment node`, for the File streams jsdom lacks).
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
