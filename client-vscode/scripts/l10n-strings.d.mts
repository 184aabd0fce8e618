export interface L10nCall {
  message?: string;
  problem?: string;
  line: number;
}
export function l10nCalls(source: string): L10nCall[];
export function sources(folder?: string): { file: string; text: string }[];
export function bundleKeys(folder?: string): string[];
