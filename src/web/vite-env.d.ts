/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_TITLE?: string;
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:catalogs' {
  /** The languages with a catalog folder, the default first (scripts/vite-catalogs.ts). */
  export const languages: string[];
  /** Each language's compiled catalog, in its own chunk; includes the pseudo language. */
  export const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
}
