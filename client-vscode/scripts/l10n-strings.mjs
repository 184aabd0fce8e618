// The texts of `l10n.t("…")` calls in the extension's sources: what `npm run l10n` writes into
// l10n/bundle.l10n.json and what test/l10n.test.ts holds the bundles to. A call's first argument
// is a double-quoted string, or several joined by `+`; anything else (a template, a variable) is
// reported, because no bundle can hold a key that is only known when the code runs.
// (@vscode/l10n-dev's export reads only files that import `vscode`; the pure modules call the
// same `l10n.t` through src/l10n.ts, so the extension has this small extractor of its own.)
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const CALL = /\bl10n\.t\(/g;
const STRING = /^\s*("(?:[^"\\\n]|\\.)*")/;
const PLUS = /^\s*\+/;

/** Each call in `source`: `{ message, line }` for a literal key, `{ problem, line }` otherwise. */
export function l10nCalls(source) {
  const calls = [];
  for (const match of source.matchAll(CALL)) {
    const line = source.slice(0, match.index).split("\n").length;
    let rest = source.slice(match.index + match[0].length);
    let message = "";
    for (;;) {
      const literal = STRING.exec(rest);
      if (!literal) {
        calls.push({ problem: `l10n.t's key is not a double-quoted string: ${rest.trim().slice(0, 40)}`, line });
        break;
      }
      message += JSON.parse(literal[1]);
      rest = rest.slice(literal[0].length);
      const plus = PLUS.exec(rest);
      if (!plus) {
        if (/^\s*[,)]/.test(rest)) {
          calls.push({ message, line });
        } else {
          calls.push({ problem: `l10n.t's key is not a plain string: ${rest.trim().slice(0, 40)}`, line });
        }
        break;
      }
      rest = rest.slice(plus[0].length);
    }
  }
  return calls;
}

/** Every `.ts` file of `folder` with its text (sorted by name, so the bundle's order is stable). */
export function sources(folder = "src") {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".ts") && name !== "l10n.ts") // l10n.ts is the call itself
    .sort()
    .map((name) => ({ file: join(folder, name), text: readFileSync(join(folder, name), "utf-8") }));
}

/** The bundle's keys, in the order the sources first use them. */
export function bundleKeys(folder = "src") {
  const keys = [];
  for (const { text } of sources(folder)) {
    for (const call of l10nCalls(text)) {
      if (call.message !== undefined && !keys.includes(call.message)) {
        keys.push(call.message);
      }
    }
  }
  return keys;
}
