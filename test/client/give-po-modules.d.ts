// A Lingui catalog imported as a module in tests (the vite plugin compiles it); src/give has the same for the app.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
