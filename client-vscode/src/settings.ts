// The `profileMemory.*` settings as the server reads them: flat keys, client-only keys left out,
// empty values left out so the server (and pmem.toml) supply the defaults.

export const SERVER_KEYS = [
  "userProfileDir",
  "projectProfileDir",
  "memoryDirs",
  "limits",
  "severity",
  "language",
  "messageLanguage",
  "debounceMs",
  "entryInfo",
  "factFileMaxBytes",
  "tokenBudget",
  "factTokenBudget",
  "recallTokenBudget",
  "maxFileBytes",
  "factHistoryMax",
] as const;

export type Settings = Record<string, unknown>;

export function serverSettings(get: (key: string) => unknown): Settings {
  const result: Settings = {};
  for (const key of SERVER_KEYS) {
    const value = get(key);
    if (value === undefined || value === null || value === "") {
      continue;
    }
    result[key] = value;
  }
  return result;
}
