// The Profile Memory view's tree, from the server's answers to `profileMemory/outline` and
// `profileMemory/history` (README, "Custom requests"). Pure: the view turns nodes into TreeItems.

import { l10n } from "./l10n";

export interface RecordInfo {
  id: string;
  date: string;
  operation: string;
  title: string;
  uri: string;
  line: number;
  pair: string;
}

export interface EntryInfo {
  id: string | null;
  text: string;
  line: number;
  state: "live" | "unconfirmed" | "dangling" | "deleted" | "retired";
  records: number;
  last: RecordInfo | null;
}

export interface PairInfo {
  name: string;
  folder: string;
  profile: string | null;
  log: string | null;
  lines: number;
  limit: number;
  tokens: number; // ≈
  tokenBudget: number;
  findings: number;
  categories: { name: string; line: number; entries: EntryInfo[] }[];
}

export interface ProposalInfo {
  line: number;
  scope: string | null;
  kind: "add" | "evolve" | "pivot";
  category: string;
  text: string;
  old: string | null;
  target: string | null;
  word?: string; // the kind as the file writes it (新增, 演进, 转向)
  context?: string | null; // 原始上下文
  source?: string | null; // 来源对话
  warning?: boolean; // marked ⚠️ (a pivot)
}

/** The last replacement of a FACT.md: the version it replaced, kept in memory/.fact-history/. */
export interface FactChange {
  rev: string;
  ts: string;
  by: string; // cli, mcp:<client>, editor, outside
  added: number;
  removed: number;
  uri: string; // the kept version
}

export interface Outline {
  pairs: PairInfo[];
  pending: { uri: string; proposals: ProposalInfo[] }[];
  memory: {
    folder: string;
    fact: { uri: string; bytes: number; limit: number; lastChange?: FactChange | null } | null;
    journal: { uri: string } | null;
  }[];
}

/** A node of any of the four trees; `open` is where a click goes. */
export interface Node {
  kind: "pair" | "category" | "entry" | "proposal" | "record" | "folder" | "file" | "factChange" | "message";
  label: string;
  description?: string;
  tooltip?: string;
  icon: string; // a codicon name
  open?: { uri: string; line: number };
  children?: Node[];
  id?: string; // an anchor id the node is about (for Show History)
  proposal?: { uri: string; line: number };
  change?: { folder: string; fact: string; version: string; rev: string }; // Show Diff, Restore
  accessibility?: string; // what a screen reader says of the row
}

export const STATE_ICONS: Record<EntryInfo["state"], string> = {
  live: "pass",
  unconfirmed: "circle-large-outline",
  dangling: "warning",
  deleted: "trash",
  retired: "history",
};

// Counts: one key for one, one for many (Chinese has the same text for both).
const records = (count: number) => (count === 1 ? l10n.t("{0} record", count) : l10n.t("{0} records", count));
export const findingCount = (count: number) => (count === 1 ? l10n.t("{0} finding", count) : l10n.t("{0} findings", count));
const entries = (count: number) => (count === 1 ? l10n.t("{0} entry", count) : l10n.t("{0} entries", count));

/** The state as a row shows it (the server's word in English). */
function stateLabel(state: EntryInfo["state"]): string {
  return {
    live: () => l10n.t("live"),
    unconfirmed: () => l10n.t("unconfirmed"),
    dangling: () => l10n.t("dangling"),
    deleted: () => l10n.t("deleted"),
    retired: () => l10n.t("retired"),
  }[state]();
}

/** The state as a screen reader says it. */
function stateWords(state: EntryInfo["state"]): string {
  return {
    live: () => l10n.t("confirmed"),
    unconfirmed: () => l10n.t("not confirmed yet (no id)"),
    dangling: () => l10n.t("dangling: its id has no log record"),
    deleted: () => l10n.t("deleted in its log"),
    retired: () => l10n.t("retired by a pivot"),
  }[state]();
}

/** `a, b, c` with the language's comma. */
function commaList(parts: string[]): string {
  return parts.reduce((joined, part) => l10n.t("{0}, {1}", joined, part));
}

export function entryNode(entry: EntryInfo, profile: string): Node {
  const state = stateLabel(entry.state);
  const last = entry.last ? `${entry.last.operation} · ${entry.last.date}` : state;
  const said = [
    stateWords(entry.state),
    ...(entry.id ? [entry.id] : []),
    ...(entry.records ? [records(entry.records)] : []),
    ...(entry.last ? [l10n.t("last change {0} on {1}", entry.last.operation, entry.last.date)] : []),
  ];
  return {
    kind: "entry",
    label: entry.text,
    description: entry.id ? `${entry.id} · ${last}` : state,
    tooltip: `${state}${entry.records ? ` · ${records(entry.records)}` : ""}`,
    accessibility: l10n.t("{0}: {1}", entry.text, commaList(said)),
    icon: STATE_ICONS[entry.state],
    open: { uri: profile, line: entry.line },
    id: entry.id ?? undefined,
  };
}

/** `lines 13/50 · ≈91/1,500 tok`: what a profile costs in every prompt. */
export function costText(pair: PairInfo): string {
  return l10n.t("lines {0}/{1} · ≈{2}/{3} tok", pair.lines, pair.limit, pair.tokens.toLocaleString("en-US"), pair.tokenBudget.toLocaleString("en-US"));
}

export function profileNodes(outline: Outline): Node[] {
  return outline.pairs.map((pair) => {
    const problems = pair.findings ? ` · ${findingCount(pair.findings)}` : "";
    const profile = pair.profile;
    return {
      kind: "pair",
      label: pair.name,
      description: profile ? `${costText(pair)}${problems}` : l10n.t("not created yet"),
      icon: pair.lines > pair.limit || pair.tokens > pair.tokenBudget || pair.findings ? "warning" : "account",
      open: profile ? { uri: profile, line: 0 } : undefined,
      children: profile
        ? pair.categories.map((category) => ({
            kind: "category",
            label: category.name,
            description: entries(category.entries.length),
            icon: "symbol-namespace",
            open: { uri: profile, line: category.line },
            children: category.entries.map((entry) => entryNode(entry, profile)),
          }))
        : [],
    };
  });
}

const KIND_ICONS: Record<ProposalInfo["kind"], string> = { add: "add", evolve: "arrow-right", pivot: "arrow-swap" };

/** What a proposal's tooltip says: kind and category, OLD → NEW, the ⚠️, its context and source. */
export function proposalTooltip(proposal: ProposalInfo): string {
  const word = proposal.word ?? proposal.kind;
  return [
    `[${word}][${proposal.category}]${proposal.scope ? ` · ${proposal.scope}` : ""}`,
    ...(proposal.old ? [l10n.t("旧 OLD: {0}", proposal.old), l10n.t("新 NEW: {0}", proposal.text)] : [proposal.text]),
    ...(proposal.warning || proposal.kind === "pivot" ? [l10n.t("⚠️ a change of direction: read it before confirming")] : []),
    ...(proposal.context ? [l10n.t("原始上下文: {0}", proposal.context)] : []),
    ...(proposal.source ? [l10n.t("来源对话: {0}", proposal.source)] : []),
  ].join("\n");
}

export function pendingNodes(outline: Outline): Node[] {
  return outline.pending.flatMap((file) =>
    file.proposals.map((proposal) => ({
      kind: "proposal" as const,
      label: `${proposal.warning ? "⚠️ " : ""}${proposal.old ? `${proposal.old} → ${proposal.text}` : proposal.text}`,
      description: `${proposal.word ?? proposal.kind} · ${proposal.category}${proposal.scope ? ` · ${proposal.scope}` : ""}`,
      tooltip: proposalTooltip(proposal),
      accessibility: l10n.t(
        "Proposal, {0} in {1}: {2}",
        proposal.word ?? proposal.kind,
        proposal.category,
        `${proposal.old ? l10n.t("{0}, becomes {1}", proposal.old, proposal.text) : proposal.text}${proposal.warning ? l10n.t(", marked as a change of direction") : ""}`,
      ),
      icon: KIND_ICONS[proposal.kind],
      open: { uri: file.uri, line: proposal.line },
      proposal: { uri: file.uri, line: proposal.line },
      id: proposal.target ?? undefined,
    })),
  );
}

export function historyNodes(records: RecordInfo[]): Node[] {
  return records.map((record) => ({
    kind: "record",
    label: record.title,
    description: `${record.date} · ${record.operation} · ${record.id}`,
    tooltip: record.pair,
    accessibility: l10n.t("{0}: {1} record of {2} on {3}, {4}", record.title, record.operation, record.id, record.date, record.pair),
    icon: "history",
    open: { uri: record.uri, line: record.line },
    id: record.id,
  }));
}

function fileName(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf("/") + 1));
}

/** `2026-12-01 20:40 · by cli · +1 −3`: when a FACT.md was last replaced, by what, how much. */
export function changeText(change: FactChange): string {
  return l10n.t("{0} · by {1} · +{2} −{3}", change.ts.replace("T", " ").slice(0, 16), change.by, change.added, change.removed);
}

function changeNodes(folder: Outline["memory"][number]): Node[] {
  const change = folder.fact?.lastChange;
  if (!folder.fact || !change) {
    return [];
  }
  return [{
    kind: "factChange",
    label: l10n.t("Last change"),
    description: changeText(change),
    tooltip: l10n.t("{0} was replaced {1}; the version it replaced is kept ({2})", fileName(folder.fact.uri), changeText(change), change.rev),
    icon: change.removed ? "diff-removed" : "diff",
    change: { folder: folder.folder, fact: folder.fact.uri, version: change.uri, rev: change.rev },
  }];
}

export function memoryNodes(outline: Outline): Node[] {
  return outline.memory.map((folder) => ({
    kind: "folder",
    label: fileName(folder.folder.replace(/\/memory$/, "")) + "/memory",
    icon: "database",
    children: [
      ...(folder.fact
        ? [{
            kind: "file" as const,
            label: fileName(folder.fact.uri),
            description: l10n.t("{0} / {1} bytes", folder.fact.bytes, folder.fact.limit),
            icon: folder.fact.bytes > folder.fact.limit ? "warning" : "book",
            open: { uri: folder.fact.uri, line: 0 },
          }]
        : []),
      ...changeNodes(folder),
      ...(folder.journal
        ? [{ kind: "file" as const, label: fileName(folder.journal.uri), icon: "notebook", open: { uri: folder.journal.uri, line: 0 } }]
        : []),
    ],
  }));
}
