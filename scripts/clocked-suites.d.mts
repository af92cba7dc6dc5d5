// Types of scripts/clocked-suites.mjs (vitest.config.ts imports it).
export declare const CLOCKED_JOURNEYS: string[];
export declare function clockedApiSuites(): string[];
export declare function clockInstants(realNow: Date): {
  name: string;
  label: string;
  value: string;
  project: 'en' | 'nl';
}[];
