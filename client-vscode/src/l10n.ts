// The extension's runtime texts in the person's language. A text's key is its English sentence
// (the @vscode/l10n-dev flow: `npm run l10n` exports every `l10n.t("…")` of src/ into
// l10n/bundle.l10n.json; l10n/bundle.l10n.zh-cn.json holds the Chinese, key for key). The pure
// modules call `l10n.t` from here, so they run under node's test runner as well; the extension
// points it at vscode.l10n (VS Code's display language) or, when `profileMemory.messageLanguage`
// says `en` or `zh`, at that language's bundle. Pure: no `vscode` import.

export type Arg = string | number | boolean;

/** Turns a key and its arguments into the text to show. */
export type Translate = (message: string, args: Arg[]) => string;

/** `{0}`, `{1}`… replaced by the arguments, as vscode.l10n.t does. */
export function format(template: string, args: Arg[]): string {
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : placeholder));
}

/** The English texts: the keys themselves. */
export const english: Translate = (message, args) => format(message, args);

/** The texts of a bundle (`{ key: text }`); a key it lacks stays English. */
export function fromBundle(bundle: Record<string, string>): Translate {
  return (message, args) => format(bundle[message] ?? message, args);
}

/** The texts of VS Code's display language, from `vscode.l10n` (passed in: this module is pure). */
export function fromVscode(api: { t(message: string, ...args: Arg[]): string }): Translate {
  return (message, args) => api.t(message, ...args);
}

let current: Translate = english;

export const l10n = {
  t: (message: string, ...args: Arg[]): string => current(message, args),
};

/** From now on, texts come from `translate`. */
export function useTranslator(translate: Translate): void {
  current = translate;
}

/** The language `profileMemory.messageLanguage` asks for: `auto` (or anything unknown) leaves
 * it to VS Code's display language. */
export function chosenLanguage(setting: unknown): "auto" | "en" | "zh" {
  return setting === "en" || setting === "zh" ? setting : "auto";
}
