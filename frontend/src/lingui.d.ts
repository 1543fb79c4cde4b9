// Catalogues compiled by @lingui/vite-plugin (lingui.config.ts): `import … from './x.json?lingui'`.
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
