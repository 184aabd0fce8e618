// The Profile Memory view (activity bar): Profiles, Pending, History and Agent memory trees, fed
// by the server's custom requests and refreshed when it says the memory changed; and an id's
// history as a read-only Markdown document.

import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

import { SearchHit, anchorNear } from "./format";
import { l10n } from "./l10n";
import { TimelineRecord, timelineHtml } from "./timeline";
import { Node, Outline, PairInfo, RecordInfo, historyNodes, memoryNodes, pendingNodes, profileNodes } from "./outline";

export const TIMELINE_SCHEME = "profile-memory-history";
const JOURNAL_SHOWN = 50;

type Client = () => Promise<LanguageClient | undefined>;

class MemoryTree implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly load: () => Promise<Node[]>) {}

  refresh(): void {
    this.changed.fire();
  }

  getTreeItem(node: Node): vscode.TreeItem {
    // everything open at first (the point is to see it all); a journal's entries wait for a click
    const collapsed = node.kind === "file" ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded;
    const item = new vscode.TreeItem(node.label, node.children?.length ? collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = node.description;
    item.tooltip = node.tooltip ?? node.label;
    item.accessibilityInformation = { label: node.accessibility ?? [node.label, node.description].filter(Boolean).join(", ") };
    item.iconPath = new vscode.ThemeIcon(node.icon);
    item.contextValue = node.id ? `${node.kind}.withId` : node.kind;
    if (node.open) {
      item.command = { command: "profileMemory.openAt", title: l10n.t("Open"), arguments: [node.open.uri, node.open.line] };
    } else if (node.change) {
      item.command = { command: "profileMemory.showFactDiff", title: l10n.t("Show Diff"), arguments: [node] };
    }
    return item;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    return node ? node.children ?? [] : this.load();
  }
}

function message(label: string): Node[] {
  return [{ kind: "message", label, icon: "info" }];
}

export class MemoryViews {
  private outline: Promise<Outline | undefined> | undefined;
  private readonly refreshed = new vscode.EventEmitter<void>();
  readonly onDidRefresh = this.refreshed.event;
  private historyFilter = "";
  readonly trees: Record<"profiles" | "pending" | "history" | "agentMemory", MemoryTree>;

  constructor(private readonly client: Client, private readonly running: () => boolean) {
    this.trees = {
      profiles: new MemoryTree(async () => {
        const outline = await this.current();
        if (!outline) {
          return message(l10n.t("The language server is not running."));
        }
        // no profile file anywhere: empty, so the view's welcome (Initialize, Settings) shows
        return outline.pairs.some((pair) => pair.profile) ? profileNodes(outline) : [];
      }),
      pending: new MemoryTree(async () => {
        const outline = await this.current();
        const nodes = outline ? pendingNodes(outline) : [];
        return nodes.length ? nodes : message(l10n.t("No proposal waits for you."));
      }),
      history: new MemoryTree(async () => {
        const records = await this.request<RecordInfo[]>("profileMemory/history", { query: this.historyFilter, limit: 200 });
        return records?.length ? historyNodes(records) : message(this.historyFilter ? l10n.t("No record matches “{0}”.", this.historyFilter) : l10n.t("No log record yet."));
      }),
      agentMemory: new MemoryTree(async () => {
        const outline = await this.current();
        const folders = outline ? memoryNodes(outline) : [];
        const hits = await this.journalEntries();
        for (const folder of folders) {
          const journal = folder.children?.find((child) => child.label.toLowerCase() === "journal.jsonl");
          if (journal) {
            journal.children = hits.filter((hit) => journal.open && hit.uri === journal.open.uri).map((hit) => ({
              kind: "record" as const,
              label: hit.text,
              description: [(hit.ts ?? "").replace("T", " ").slice(0, 16), ...(hit.tags ?? []).map((t) => `#${t}`)].join(" "),
              icon: "note",
              open: { uri: hit.uri, line: hit.range.start.line },
            }));
          }
        }
        return folders.length ? folders : message(l10n.t("No agent memory folder found."));
      }),
    };
  }

  private async request<T>(method: string, params: unknown): Promise<T | undefined> {
    const client = await this.client();
    return client ? ((await client.sendRequest(method, params)) as T) : undefined;
  }

  private async journalEntries(): Promise<SearchHit[]> {
    const client = await this.client();
    if (!client) {
      return [];
    }
    const hits = (await client.sendRequest("workspace/executeCommand", {
      command: "profileMemory.search",
      arguments: [{ kinds: ["journal"], limit: JOURNAL_SHOWN }],
    })) as SearchHit[] | null;
    return hits ?? [];
  }

  private current(): Promise<Outline | undefined> {
    this.outline ??= this.request<Outline>("profileMemory/outline", {}).catch(() => undefined);
    return this.outline;
  }

  refresh(): void {
    this.outline = undefined;
    for (const tree of Object.values(this.trees)) {
      tree.refresh();
    }
    this.refreshed.fire();
  }

  /** The pair whose compact profile is at `uri`, as the server last described it. */
  async pairOf(uri: string): Promise<PairInfo | undefined> {
    if (!this.running()) {
      return undefined; // the status bar never starts the server
    }
    return (await this.current())?.pairs.find((pair) => pair.profile === uri);
  }

  async filterHistory(): Promise<void> {
    const value = await vscode.window.showInputBox({ title: l10n.t("Filter History"), prompt: l10n.t("An id or words of a title (empty: everything)"), value: this.historyFilter });
    if (value !== undefined) {
      this.historyFilter = value.trim();
      this.trees.history.refresh();
    }
  }

  /** The id's records through pivots, oldest first, as a page beside the editor: each record
   * with its fields, and links that open its line. */
  async showHistory(id: string | undefined): Promise<void> {
    const anchor = id ?? (await vscode.window.showInputBox({ title: l10n.t("Show History"), prompt: l10n.t("An anchor id"), placeHolder: "PF-20260412-01" }))?.trim();
    if (!anchor) {
      return;
    }
    let records: TimelineRecord[];
    try {
      const found = await this.request<{ records: TimelineRecord[] }>("profileMemory/timeline", { id: anchor });
      if (!found) {
        void vscode.window.showWarningMessage(l10n.t("Profile Memory: the language server is not running."));
        return;
      }
      records = found.records;
    } catch (error) {
      void vscode.window.showErrorMessage(l10n.t("Profile Memory: {0}", error instanceof Error ? error.message : String(error)));
      return;
    }
    const panel = vscode.window.createWebviewPanel("profileMemory.history", l10n.t("History {0}", anchor), vscode.ViewColumn.Beside, { enableCommandUris: ["profileMemory.openAt"] });
    panel.webview.html = timelineHtml(anchor, records, panel.webview.cspSource);
  }

  timelineProvider(): vscode.TextDocumentContentProvider {
    return {
      provideTextDocumentContent: async (uri) => {
        const id = uri.path.replace(/^\//, "").replace(/\.md$/, "");
        try {
          const found = await this.request<{ markdown: string }>("profileMemory/timeline", { id });
          return found?.markdown ?? l10n.t("The language server is not running.");
        } catch (error) {
          return `# ${id}\n\n${error instanceof Error ? error.message : String(error)}`;
        }
      },
    };
  }
}

/** The id Show History opens from the editor (see `anchorNear`), if any. */
export function anchorAtCursor(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    return undefined;
  }
  const { line, character } = editor.selection.active;
  const lines = Array.from({ length: line + 1 }, (_, n) => editor.document.lineAt(n).text);
  return anchorNear(lines, line, character);
}
