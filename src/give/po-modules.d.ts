// A Lingui catalog imported as a module: the Lingui vite plugin compiles the .po file on import.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
