// How search hits and profiles are shown: QuickPick items and the status bar text. Pure.

import { l10n } from "./l10n";

export interface SearchHit {
  kind: "journal" | "log";
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  ts?: string;
  date?: string; // a log record's date
  tags?: string[];
  text: string;
  id?: string;
}

export interface HitItem {
  label: string;
  description: string;
  detail: string;
  alwaysShow: boolean;
  hit?: SearchHit; // none on the "no results" row
}

function fileName(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf("/") + 1));
}

/** A hit as a QuickPick row, in the server's order (newest first) and all of them: the label is
 * an icon only, so VS Code's filter never re-sorts rows by label match (it sorts by label
 * highlights alone, and its `sortByLabel` is a proposed API), and `alwaysShow` keeps every hit the
 * server found, as `pmem search` prints them. The text is the description (matched, highlighted);
 * the detail says when, what and where. */
export function hitItem(hit: SearchHit): HitItem {
  const where = `${fileName(hit.uri)}:${hit.range.start.line + 1}`;
  if (hit.kind === "journal") {
    const when = (hit.ts ?? "").replace("T", " ").replace(/\.\d{3}Z$/, "Z");
    const tags = hit.tags && hit.tags.length > 0 ? ` · ${hit.tags.map((t) => `#${t}`).join(" ")}` : "";
    return { label: "$(notebook)", description: hit.text, detail: l10n.t("{0} · journal{1} · {2}", when, tags, where), alwaysShow: true, hit };
  }
  const when = hit.date || l10n.t("undated");
  return { label: "$(history)", description: hit.text, detail: l10n.t("{0} · log record {1} · {2}", when, hit.id ?? "", where).replace("  ", " "), alwaysShow: true, hit };
}

/** The hits as rows, or one row saying there are none. */
export function hitItems(query: string, hits: SearchHit[]): HitItem[] {
  if (hits.length === 0) {
    return [{ label: "$(info)", description: l10n.t("No results for “{0}”", query), detail: l10n.t("Journals and log records were searched (case-insensitive)."), alwaysShow: true }];
  }
  return hits.map(hitItem);
}

const PROFILE = /(^|[\\/])([^\\/]*profile)\.md$/i;

/** The pair name of a compact profile (`user-profile`), or undefined for any other file. */
export function profilePairName(path: string): string | undefined {
  const match = PROFILE.exec(path);
  return match ? match[2].toLowerCase() : undefined;
}

export function lineCount(text: string): number {
  if (text === "") {
    return 0;
  }
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return /(\r\n|\r|\n)$/.test(text) ? breaks : breaks + 1;
}

export function limitFor(pair: string, limits: Record<string, number> | undefined): number {
  const merged = { "user-profile": 50, "project-profile": 30, default: 50, ...(limits ?? {}) };
  return merged[pair as keyof typeof merged] ?? merged.default;
}

export function statusText(pair: string, lines: number, limit: number): { text: string; over: boolean } {
  return { text: `${pair} ${lines}/${limit}`, over: lines > limit };
}

/** Whether an entry's inlay hint on `line` shows: on every line, or (the default, as GitLens'
 * blame) only on the lines that hold a cursor of the editor showing the document. */
export function hintShown(line: number, mode: string | undefined, cursorLines: number[] | undefined): boolean {
  return mode === "all" || (cursorLines ?? []).includes(line);
}

/** Markdown's words, with an anchor id one word: a double click or "select the word" takes
 * `PF-20260412-01` whole, and its highlight does not light `20260412` inside other ids. (The
 * Markdown extension's own pattern, with ids first.) */
export const MARKDOWN_WORDS = /PF-\d{8}-\d{2,}|(\p{Alphabetic}|\p{Number}|\p{Nonspacing_Mark})(((\p{Alphabetic}|\p{Number}|\p{Nonspacing_Mark})|[_])?(\p{Alphabetic}|\p{Number}|\p{Nonspacing_Mark}))*/gu;

const ANCHOR = /PF-\d{8}-\d{2,}/g;
const RECORD_HEADING = /^#{2,4}\s*\[(PF-\d{8}-\d{2,})\]/;

/** The id Show History opens from the editor (its title bar button, its context menu, the
 * palette): the id under the cursor; else the first id of the cursor's line (an entry's anchor, a
 * record's heading, a proposal's 关联); else, in a log, the id of the record the cursor is in
 * (the nearest heading above). `undefined` when there is none (Show History then asks for it). */
export function anchorNear(lines: readonly string[], line: number, character: number): string | undefined {
  const text = lines[line] ?? "";
  const onLine = [...text.matchAll(ANCHOR)];
  const under = onLine.find((m) => m.index! <= character && character <= m.index! + m[0].length);
  if (under || onLine.length) {
    return (under ?? onLine[0])[0];
  }
  for (let above = line - 1; above >= 0; above--) {
    const heading = RECORD_HEADING.exec(lines[above]);
    if (heading) {
      return heading[1];
    }
    if (/^#{1,2}\s/.test(lines[above])) {
      return undefined; // a category or the title: the cursor is in no record
    }
  }
  return undefined;
}
