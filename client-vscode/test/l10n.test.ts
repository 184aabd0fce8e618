// The extension in two languages: package.json's contributions through package.nls*.json, the
// runtime texts through l10n/bundle.l10n*.json, with the same keys and placeholders in both, and
// no English left in the places a person reads.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { bundleKeys, l10nCalls, sources } from "../scripts/l10n-strings.mjs";
import { chosenLanguage, english, format, fromBundle, l10n, useTranslator } from "../src/l10n";
import { Outline, pendingNodes, profileNodes } from "../src/outline";
import { SERVER_KEYS } from "../src/settings";
import { timelineHtml } from "../src/timeline";

const json = (path: string) => JSON.parse(readFileSync(path, "utf-8"));
const manifest = json("package.json");
const nls: Record<string, string> = json("package.nls.json");
const nlsZh: Record<string, string> = json("package.nls.zh-cn.json");
const bundle: Record<string, string> = json("l10n/bundle.l10n.json");
const bundleZh: Record<string, string> = json("l10n/bundle.l10n.zh-cn.json");

/** What must come through unchanged in any language: `{0}` placeholders and `code` spans. */
function fixedParts(text: string): string[] {
  return [...(text.match(/\{\d+\}/g) ?? []), ...(text.match(/`[^`]*`/g) ?? [])].sort();
}

function sameKeysAndPlaceholders(english: Record<string, string>, chinese: Record<string, string>, name: string): void {
  assert.deepEqual(Object.keys(chinese).sort(), Object.keys(english).sort(), `${name}: the same keys`);
  for (const [key, text] of Object.entries(english)) {
    assert.deepEqual(fixedParts(chinese[key]), fixedParts(text), `${name}: ${key} keeps its placeholders and code`);
    assert.notEqual(chinese[key].trim(), "", `${name}: ${key} has a text`);
  }
}

/** Chinese punctuation is full-width next to Chinese characters: no `中文:`, `(中文`, `中文,`. */
function halfWidthNextToChinese(text: string): string | undefined {
  const prose = text.replace(/`[^`]*`/g, "").replace(/\[[^\]]*\]\([^)]*\)/g, "[link]");
  return /[\u4e00-\u9fff][,:;?!()]|[,:;?!()][\u4e00-\u9fff]/.exec(prose)?.[0];
}

test("package.nls.json and package.nls.zh-cn.json: the same keys, placeholders and code spans", () => {
  sameKeysAndPlaceholders(nls, nlsZh, "package.nls");
});

test("l10n bundles: the same keys, placeholders and code spans", () => {
  sameKeysAndPlaceholders(bundle, bundleZh, "bundle.l10n");
});

test("the Chinese uses full-width punctuation and the skill's words", () => {
  for (const [name, texts] of [["package.nls.zh-cn.json", nlsZh], ["bundle.l10n.zh-cn.json", bundleZh]] as const) {
    for (const [key, text] of Object.entries(texts)) {
      assert.equal(halfWidthNextToChinese(text), undefined, `${name}: ${key}: ${text}`);
    }
  }
  assert.equal(nlsZh["view.pending.name"], "待确认");
  assert.equal(nlsZh["command.keepBothProposal.title"], "保留两者");
  assert.equal(nlsZh["command.traceAnchor.title"], "追溯锚点");
  assert.match(bundleZh["lines {0}/{1} · ≈{2}/{3} tok"], /行/);
});

/** Every string of `value` with where it is (`commands[0].title`). */
function strings(value: unknown, where: string): [string, string][] {
  if (typeof value === "string") {
    return [[where, value]];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => strings(item, `${where}[${index}]`));
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${where}.${key}`));
  }
  return [];
}

// The fields of contributions a person reads (the rest are ids, globs, when-clauses, icons).
const UI_FIELD = /\.(title|category|description|markdownDescription|enumDescriptions\[\d+\]|markdownEnumDescriptions\[\d+\]|name|contents|label|deprecationMessage|markdownDeprecationMessage|displayName)$/;

test("no literal UI string in package.json's contributes: each is a %key% of package.nls.json", () => {
  const shown = strings(manifest.contributes, "contributes").filter(([where]) => UI_FIELD.test(where));
  assert.ok(shown.length > 50, "the scan finds the contributions");
  for (const [where, text] of [...shown, ["description", manifest.description] as [string, string]]) {
    assert.match(text, /^%[^%]+%$/, `${where} is a %key%`);
  }
});

test("every %key% of package.json exists in package.nls.json, and every key there is used", () => {
  const used = new Set(strings(manifest, "").map(([, text]) => /^%([^%]+)%$/.exec(text)?.[1]).filter((key): key is string => Boolean(key)));
  for (const key of used) {
    assert.ok(key in nls, `%${key}% is in package.nls.json`);
  }
  assert.deepEqual(Object.keys(nls).filter((key) => !used.has(key)), [], "keys nothing uses");
  assert.equal(manifest.l10n, "./l10n");
});

test("every l10n.t key in src is a string literal and in the bundle; the bundle holds nothing else", () => {
  const problems = sources().flatMap(({ file, text }) => l10nCalls(text).filter((call) => call.problem).map((call) => `${file}:${call.line}: ${call.problem}`));
  assert.deepEqual(problems, []);
  const keys = bundleKeys();
  assert.ok(keys.length > 100, "the scan finds the calls");
  assert.deepEqual(Object.keys(bundle).sort(), [...keys].sort(), "npm run l10n writes l10n/bundle.l10n.json");
  for (const key of keys) {
    assert.equal(bundle[key], key, "the English bundle says each key as it is");
  }
});

/** `text` without its `l10n.t(…)` calls (balanced parentheses). */
function withoutL10nCalls(text: string): string {
  let result = "";
  let index = 0;
  for (;;) {
    const start = text.indexOf("l10n.t(", index);
    if (start < 0) {
      return result + text.slice(index);
    }
    result += text.slice(index, start);
    let depth = 0;
    let end = start + "l10n.t".length;
    for (; end < text.length; end++) {
      depth += text[end] === "(" ? 1 : text[end] === ")" ? -1 : 0;
      if (depth === 0) {
        break;
      }
    }
    index = end + 1;
  }
}

/** The arguments of each `name(` call in `text` (up to its closing parenthesis). */
function callArguments(text: string, name: RegExp): { args: string; line: number }[] {
  const calls = [];
  for (const match of text.matchAll(name)) {
    const open = (match.index ?? 0) + match[0].length;
    let depth = 1;
    let end = open;
    for (; end < text.length && depth > 0; end++) {
      depth += text[end] === "(" ? 1 : text[end] === ")" ? -1 : 0;
    }
    calls.push({ args: text.slice(open, end - 1), line: text.slice(0, match.index).split("\n").length });
  }
  return calls;
}

/** Where the string or template literal starting at `start` ends (after its closing quote);
 * a template's `${…}` may hold strings and templates of its own. */
function literalEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") {
      i++;
    } else if (text[i] === quote) {
      return i + 1;
    } else if (quote === "`" && text.startsWith("${", i)) {
      let depth = 0;
      for (i += 1; i < text.length; i++) {
        if (`"'\``.includes(text[i])) {
          i = literalEnd(text, i) - 1;
        } else if (text[i] === "{") {
          depth++;
        } else if (text[i] === "}" && --depth === 0) {
          break;
        }
      }
    }
  }
  return text.length;
}

/** The literals of `text`, outermost only. */
function literals(text: string): string[] {
  const found = [];
  for (let i = 0; i < text.length; i++) {
    if (`"'\``.includes(text[i])) {
      const end = literalEnd(text, i);
      found.push(text.slice(i, end));
      i = end - 1;
    }
  }
  return found;
}

/** A literal a person would read as words: `$(icon)`, `${…}`, anchor ids, command ids and
 * single lower-case words (flags, file names) are not. */
function wordy(literal: string): boolean {
  let prose = literal.slice(1, -1);
  if (literal.startsWith("`")) {
    let outside = "";
    for (let i = 0; i < prose.length; i++) {
      if (prose.startsWith("${", i)) {
        i = skipExpression(prose, i);
      } else {
        outside += prose[i];
      }
    }
    prose = outside;
  }
  prose = prose.replace(/\$\([a-z~-]+\)/g, "").replace(/PF-\d{8}-\d{2}/g, "").trim();
  return /[A-Za-z]{2,}/.test(prose) && (/\s/.test(prose) || /^[A-Z]/.test(prose)) && !/^[a-z]+(\.[A-Za-z]+)+$/.test(prose);
}

/** The index of the `}` closing the `${` at `start` of a template's inside. */
function skipExpression(inside: string, start: number): number {
  let depth = 0;
  for (let i = start + 1; i < inside.length; i++) {
    if (`"'\``.includes(inside[i])) {
      i = literalEnd(inside, i) - 1;
    } else if (inside[i] === "{") {
      depth++;
    } else if (inside[i] === "}" && --depth === 0) {
      return i;
    }
  }
  return inside.length;
}

test("no literal UI string in window.show*Message calls, pickers, inputs, progress or webview titles", () => {
  const found: string[] = [];
  for (const { file, text } of sources()) {
    const code = text.replace(/^\s*\/\/.*$/gm, "");
    const shown = [
      ...callArguments(code, /\bwindow\.(show\w*Message|showQuickPick|showInputBox|createWebviewPanel)\(/g),
      // withProgress: its options (the callback's own calls are scanned on their own)
      ...callArguments(code, /\bwindow\.withProgress\(/g).map(({ args, line }) => ({ args: args.slice(0, args.indexOf("}") + 1), line })),
    ];
    for (const { args, line } of shown) {
      const rest = withoutL10nCalls(args).replace(/"profileMemory\.history"/, ""); // the webview's view type
      for (const literal of literals(rest)) {
        if (wordy(literal)) {
          found.push(`${file}:${line}: ${literal}`);
        }
      }
    }
    // what a tree item, a status item, a quick pick or a picker row shows (`x = "…"`, `x: "…"`)
    for (const match of code.matchAll(/\b(title|prompt|placeHolder|placeholder|tooltip|text|label|description|detail)(\s*:|\s+=(?!=))\s*(?=["'`])/g)) {
      const start = (match.index ?? 0) + match[0].length;
      const literal = code.slice(start, literalEnd(code, start));
      if (wordy(literal)) {
        found.push(`${file}:${code.slice(0, match.index).split("\n").length}: ${match[0]}${literal}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

test("the scans find a literal where there is one", () => {
  const literal = 'void vscode.window.showInformationMessage("Profile Memory: done.", l10n.t("Open"));';
  const [{ args }] = callArguments(literal, /\bwindow\.(show\w*Message)\(/g);
  assert.deepEqual(literals(withoutL10nCalls(args)).filter(wordy), ['"Profile Memory: done."']);
  assert.ok(!wordy('"$(check) PF-20260412-01"') && !wordy('"profileMemory.openAt"') && !wordy('"--clear"'));
  assert.ok(wordy("`${a ? `x` : \"y\"} · tok left`") && wordy('"Restore"'));
  assert.ok(!wordy("`${a ? `x` : \"y\"} · ${b}`"));
  assert.deepEqual(l10nCalls('l10n.t(`Trace ${id}`); l10n.t("a" +\n "b", x)').map((call) => call.message ?? "problem"), ["problem", "ab"]);
});

test("format replaces {n} as vscode.l10n.t does; a missing key stays English", () => {
  assert.equal(format("{0} of {1}, {0} again, {2}", ["a", 2]), "a of 2, a again, {2}");
  assert.equal(fromBundle({ "{0} record": "{0} 条记录" })("{0} record", [3]), "3 条记录");
  assert.equal(fromBundle({})("Unknown {0}", ["x"]), "Unknown x");
  assert.deepEqual(["auto", "en", "zh", "fr", undefined].map(chosenLanguage), ["auto", "en", "zh", "auto", "auto"]);
});

const recorded = json("test/fixtures/server-answers.json") as { outline: Outline };

test("the views, the tooltips and the history page in Chinese", () => {
  useTranslator(fromBundle(bundleZh));
  try {
    const [user] = profileNodes(recorded.outline);
    assert.equal(user.description, "13/50 行 · ≈91/1,500 token");
    assert.equal(user.children?.[0].description, "1 个条目");
    const [evolve] = pendingNodes(recorded.outline);
    assert.equal(evolve.tooltip, "[演进][技术偏好] · user\n旧：偏好 React + Next.js 全栈开发\n新：偏好 React + Next.js，SSR 优先\n原始上下文：\"默认都做 SSR\"");
    assert.match(evolve.accessibility ?? "", /^提议，技术偏好分类下的演进：/);
    assert.match(timelineHtml("PF-20990101-01", [], "x"), /这个锚点 ID 在日志中没有记录。/);
    assert.equal(l10n.t("Profile Memory: {0} is unknown.", "PF-1"), "Profile Memory：找不到 PF-1。");
  } finally {
    useTranslator(english);
  }
  assert.equal(profileNodes(recorded.outline)[0].description, "lines 13/50 · ≈91/1,500 tok");
});

test("profileMemory.messageLanguage: auto, en or zh, described in both languages, passed to the server", () => {
  const property = manifest.contributes.configuration.properties["profileMemory.messageLanguage"];
  assert.deepEqual([property.enum, property.default], [["auto", "en", "zh"], "auto"]);
  for (const text of [property.markdownDescription, ...property.enumDescriptions]) {
    const key = /^%([^%]+)%$/.exec(text)?.[1] ?? "";
    assert.ok(nls[key] && nlsZh[key] && nls[key] !== nlsZh[key], key);
  }
  assert.ok((SERVER_KEYS as readonly string[]).includes("messageLanguage"), "in initializationOptions and the profileMemory section");
});
