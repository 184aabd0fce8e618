// `npm run l10n`: writes l10n/bundle.l10n.json (English: each key its own text) from the
// `l10n.t("…")` calls of src/, and lists the keys l10n/bundle.l10n.zh-cn.json lacks or no longer
// needs (the Chinese is written by hand; test/l10n.test.ts fails until both agree).
import { existsSync, readFileSync, writeFileSync } from "node:fs";

import { bundleKeys, l10nCalls, sources } from "./l10n-strings.mjs";

let problems = 0;
for (const { file, text } of sources()) {
  for (const call of l10nCalls(text)) {
    if (call.problem) {
      console.error(`${file}:${call.line}: ${call.problem}`);
      problems += 1;
    }
  }
}
const keys = bundleKeys();
writeFileSync("l10n/bundle.l10n.json", JSON.stringify(Object.fromEntries(keys.map((key) => [key, key])), null, 2) + "\n");
console.log(`l10n/bundle.l10n.json: ${keys.length} texts`);
const chinese = existsSync("l10n/bundle.l10n.zh-cn.json") ? JSON.parse(readFileSync("l10n/bundle.l10n.zh-cn.json", "utf-8")) : {};
for (const key of keys.filter((key) => !(key in chinese))) {
  console.log(`l10n/bundle.l10n.zh-cn.json lacks: ${JSON.stringify(key)}`);
}
for (const key of Object.keys(chinese).filter((key) => !keys.includes(key))) {
  console.log(`l10n/bundle.l10n.zh-cn.json no longer needs: ${JSON.stringify(key)}`);
}
process.exitCode = problems ? 1 : 0;
