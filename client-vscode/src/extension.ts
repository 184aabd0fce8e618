// The Profile Memory extension: starts `pmem serve` for the memory files (docs/format.md, "Files"), passes the
// settings, and adds the palette commands and the status bar item. Everything else (hover,
// diagnostics, code actions, lenses) comes from the server through the language client.

import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import { ExecuteCommandRequest, InlayHintRequest, LanguageClient, LanguageClientOptions, ServerOptions, State } from "vscode-languageclient/node";

import { chosenLanguage, english, fromBundle, fromVscode, l10n, useTranslator } from "./l10n";
import { HitItem, MARKDOWN_WORDS, SearchHit, hintShown, hitItems, limitFor, lineCount, profilePairName, statusText } from "./format";
import { findingCount, type Node } from "./outline";
import { ServerCommand, resolveServerCommand } from "./serverCommand";
import { PROBE, Ran, installProblem, interpreterProblem } from "./install";
import { McpOffer, offerMcpServer } from "./mcp";
import { Interpreter, commandCandidates, interpreterCommands, interpreterLabel, venvExecutable } from "./platform";
import { serverSettings } from "./settings";
import { MemoryViews, TIMELINE_SCHEME, anchorAtCursor } from "./views";

const CASES = (word: string) => `{${word},${word[0].toUpperCase()}${word.slice(1)},${word.toUpperCase()}}`;
export const DOCUMENT_SELECTOR = [
  `**/*${CASES("profile")}.md`,
  `**/*${CASES("profile")}-${CASES("log")}.md`,
  `**/${CASES("profile")}-${CASES("pending")}.md`,
  `**/${CASES("memory")}/{FACT,fact,Fact}.md`,
  `**/${CASES("memory")}/{JOURNAL,journal,Journal}.jsonl`,
].map((pattern) => ({ scheme: "file", pattern }));

let client: LanguageClient | undefined; // the running client; undefined while none runs
let starting: Promise<void> | undefined;
let output: vscode.OutputChannel;

/** Why no server runs, once a start was tried: the status item says it, and only a click, a
 * command or a change of `profileMemory.server.command` tries again (not every view refresh). */
interface Down {
  text: string;
  tooltip: string;
}
let down: Down | undefined;

function log(message: string): void {
  output.appendLine(`[${new Date().toISOString()}] ${message}`);
}

function run(command: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 600_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      const missing = error?.code === "ENOENT" || error?.code === "EACCES";
      resolve({ code, stdout: String(stdout), stderr: String(stderr), missing });
    });
  });
}

function failed(reason: string): false {
  log(`Installing the server failed: ${reason}`);
  const showOutput = l10n.t("Show Output");
  void vscode.window.showErrorMessage(l10n.t("Profile Memory: installing the server failed: {0}.", reason), showOutput).then((choice) => {
    if (choice === showOutput) {
      output.show();
    }
  });
  return false;
}

async function which(name: string): Promise<string | undefined> {
  for (const candidate of commandCandidates(name, process.env, process.platform)) {
    try {
      await fs.promises.access(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

async function pythonExtensionInterpreter(): Promise<string | undefined> {
  const python = vscode.extensions.getExtension("ms-python.python");
  if (!python) {
    return undefined;
  }
  try {
    const api = python.isActive ? python.exports : await python.activate();
    const active = api?.environments?.getActiveEnvironmentPath?.();
    if (active?.path) {
      return active.path as string;
    }
    const details = api?.settings?.getExecutionDetails?.();
    return details?.execCommand?.[0];
  } catch (error) {
    log(`The Python extension did not answer: ${error}`);
    return undefined;
  }
}

function privateVenv(context: vscode.ExtensionContext): string {
  return path.join(context.globalStorageUri.fsPath, "venv");
}

async function findServer(context: vscode.ExtensionContext): Promise<ServerCommand | undefined> {
  return resolveServerCommand({
    setting: vscode.workspace.getConfiguration("profileMemory").get<string[]>("server.command"),
    which,
    pythonExtensionInterpreter,
    hasProfileMemory: async (python) => (await run(python, ["-c", "import profile_memory"])).code === 0,
    privateVenvPmem: async () => {
      const pmem = venvExecutable(privateVenv(context), "pmem", process.platform);
      return fs.existsSync(pmem) ? pmem : undefined;
    },
    log,
  });
}

async function installServer(context: vscode.ExtensionContext): Promise<boolean> {
  const wheels = fs.existsSync(context.asAbsolutePath("server"))
    ? fs.readdirSync(context.asAbsolutePath("server")).filter((name) => name.endsWith(".whl"))
    : [];
  if (wheels.length === 0) {
    void vscode.window.showErrorMessage(l10n.t("Profile Memory: this package carries no server wheel; install it with `pip install profile-memory`."));
    return false;
  }
  const interpreter = await pickInterpreter();
  if (!interpreter) {
    return false;
  }
  const python = interpreterLabel(interpreter);
  const problem = interpreterProblem(python, await run(interpreter.command, [...interpreter.args, ...PROBE]));
  if (problem) {
    return failed(problem);
  }
  const venv = privateVenv(context);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t("Profile Memory: installing the language server (downloading its dependencies)") },
    async () => {
      fs.mkdirSync(path.dirname(venv), { recursive: true });
      // --clear: a venv left by an earlier attempt (another Python, a failed install) is made anew
      for (const [command, args] of [
        [interpreter.command, [...interpreter.args, "-m", "venv", "--clear", venv]],
        // with the [mcp] extra: the same environment serves VS Code's agent mode (`pmem mcp`)
        [venvExecutable(venv, "pip", process.platform), ["install", `${context.asAbsolutePath(path.join("server", wheels[0]))}[mcp]`]],
      ] as [string, string[]][]) {
        log(`$ ${command} ${args.join(" ")}`);
        const result = await run(command, args);
        output.append(result.stdout + result.stderr);
        if (result.code !== 0) {
          fs.rmSync(venv, { recursive: true, force: true }); // nothing half-installed is left to be found
          return failed(command === interpreter.command ? l10n.t("{0} could not create a virtual environment", python) : installProblem(result));
        }
      }
      return true;
    },
  );
}


/** The interpreters found on this system (`python3`, or on Windows the `py` launcher and
 * `python`) and the Python extension's, then a path typed in. */
async function pickInterpreter(): Promise<Interpreter | undefined> {
  const found: Interpreter[] = [];
  for (const candidate of interpreterCommands(process.platform)) {
    const command = await which(candidate.command);
    if (command) {
      found.push({ command, args: candidate.args });
    }
  }
  const extension = await pythonExtensionInterpreter();
  if (extension) {
    found.push({ command: extension, args: [] });
  }
  const byLabel = new Map(found.map((interpreter) => [interpreterLabel(interpreter), interpreter]));
  const enterPath = l10n.t("Enter the path of a Python interpreter…");
  const picked = await vscode.window.showQuickPick([...byLabel.keys(), enterPath], {
    title: l10n.t("Profile Memory: the Python interpreter (3.10 or newer) for the server's private environment"),
  });
  if (picked !== enterPath) {
    return picked ? byLabel.get(picked) : undefined;
  }
  const typed = (await vscode.window.showInputBox({ prompt: l10n.t("Path of a Python 3.10+ interpreter") }))?.trim();
  return typed ? { command: typed, args: [] } : undefined;
}

function readme(context: vscode.ExtensionContext): vscode.Uri | undefined {
  const name = fs.readdirSync(context.extensionPath).find((file) => file.toLowerCase() === "readme.md");
  return name ? vscode.Uri.file(path.join(context.extensionPath, name)) : undefined;
}


/** The install offer. Not awaited by the start: an offer nobody answers slides into the
 * notification centre, and the status item says the server is not installed meanwhile (a click on
 * it offers again). */
function offerInstall(context: vscode.ExtensionContext): void {
  const [install, settings, guideButton] = [l10n.t("Install server"), l10n.t("Open Settings"), l10n.t("Open README")];
  const notFound = l10n.t(
    "Profile Memory needs its language server, pmem, and found none (profileMemory.server.command, PATH, the Python extension's interpreter). " +
      "Install the bundled server into a private environment (pip downloads its dependencies from PyPI: a network connection is needed), " +
      "or set profileMemory.server.command to a pmem: code-server and a VS Code started from the dock read PATH from a login shell, " +
      "so a pmem your terminal finds may not be seen.",
  );
  void vscode.window.showInformationMessage(notFound, install, settings, guideButton).then(async (choice) => {
    const guide = readme(context);
    if (choice === guideButton && guide) {
      void vscode.commands.executeCommand("markdown.showPreview", guide);
    } else if (choice === settings) {
      void vscode.commands.executeCommand("workbench.action.openSettings", "profileMemory.server.command");
    } else if (choice === install && (await installServer(context))) {
      const server = await findServer(context);
      if (server) {
        void vscode.window.showInformationMessage(l10n.t("Profile Memory: the language server is installed in {0} and starts from {1}.", privateVenv(context), server.command));
        await restartServer(context);
      }
    }
  });
}

function commandLine(server: ServerCommand): string {
  return [server.command, ...server.args].join(" ");
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const server = await findServer(context);
  if (!server) {
    log("The language server is not running: no server was found.");
    down = {
      text: `$(warning) ${l10n.t("Profile Memory: server not installed")}`,
      tooltip: l10n.t("The language server (pmem) is not running: none was found. Click to install it, or set profileMemory.server.command."),
    };
    offerInstall(context);
    return;
  }
  const serverOptions: ServerOptions = { command: server.command, args: server.args };
  const configuration = vscode.workspace.getConfiguration("profileMemory");
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: serverSettings((key) => configuration.get(key)),
    synchronize: { configurationSection: "profileMemory" },
    outputChannel: output,
    middleware: {
      provideInlayHints: async (document, range, token, next) => {
        const hints = await next(document, range, token);
        const mode = vscode.workspace.getConfiguration("profileMemory").get<string>("inlayHints.lines");
        const cursors = vscode.window.visibleTextEditors
          .filter((editor) => editor.document === document)
          .flatMap((editor) => editor.selections.map((selection) => selection.active.line));
        return hints?.filter((hint) => hintShown(hint.position.line, mode, cursors));
      },
    },
  };
  const started = new LanguageClient("profileMemory", "Profile Memory", serverOptions, clientOptions);
  log(`Starting ${commandLine(server)} (${server.source})`);
  try {
    await started.start();
  } catch (error) {
    await started.dispose().catch(() => undefined); // a client whose start failed cannot be stopped, only dropped
    startFailed(server, error);
    return;
  }
  client = started;
  mcpOffer?.changed(); // a server just installed is now offered to the agent mode too
  down = undefined;
  started.onDidChangeState((event) => {
    if (event.newState === State.Stopped && client === started) {
      client = undefined; // it stopped for good (the library gave up restarting it)
      down = { text: `$(error) ${l10n.t("Profile Memory: server not running")}`, tooltip: l10n.t("{0} stopped. Click to start it again.", commandLine(server)) };
      serverState?.();
    }
  });
  started.onNotification("profileMemory/didChange", () => views?.refresh());
  views?.refresh();
}

/** A start that failed names the command it tried and where it came from. */
function startFailed(server: ServerCommand, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  const origin = server.source === "setting" ? " (profileMemory.server.command)" : "";
  log(`The language server failed to start: ${commandLine(server)}${origin}: ${reason}`);
  down = {
    text: `$(error) ${l10n.t("Profile Memory: server not running")}`,
    tooltip: l10n.t("Starting {0} failed. Fix the setting (the server restarts when it changes) or click to try again.", `${commandLine(server)}${origin}`),
  };
  const [settings, showOutput] = [l10n.t("Open Settings"), l10n.t("Show Output")];
  const fix = server.source === "setting" ? settings : showOutput;
  void vscode.window
    .showErrorMessage(l10n.t("Profile Memory: the language server did not start: {0} failed ({1}).", `${commandLine(server)}${origin}`, reason), ...new Set([fix, showOutput]))
    .then((choice) => {
      if (choice === settings) {
        void vscode.commands.executeCommand("workbench.action.openSettings", "profileMemory.server.command");
      } else if (choice === showOutput) {
        output.show();
      }
    });
}

/** Starts the server, when a memory file is first opened or a command needs it. Once a start
 * was tried and no server runs, only `explicit` calls (a command, a click on the status item)
 * try again: nothing needs a reload, and a view's refresh does not offer the install twice. */
function ensureClient(context: vscode.ExtensionContext, explicit = false): Promise<void> {
  if (client || (down && !explicit && !starting)) {
    return Promise.resolve();
  }
  if (!starting) {
    down = undefined; // the status item says it is starting; a new failure says why again
  }
  starting ??= startClient(context)
    .catch((error) => log(`The language server failed to start: ${error}`))
    .finally(() => {
      starting = undefined;
      serverState?.();
    });
  serverState?.();
  return starting;
}

/** Restart Server, a click on the status item, and a change of `profileMemory.server.command`:
 * from any state (running, never started, failed to start, stopped), with the current setting. */
async function restartServer(context: vscode.ExtensionContext): Promise<void> {
  await starting;
  const previous = client;
  client = undefined;
  if (previous) {
    log("Stopping the language server");
    await previous.dispose().catch((error) => log(`Stopping the language server failed: ${error}`));
  }
  await ensureClient(context, true);
}

function isMemoryFile(document: vscode.TextDocument): boolean {
  return vscode.languages.match(DOCUMENT_SELECTOR, document) > 0;
}

let extensionContext: vscode.ExtensionContext;
let serverState: (() => void) | undefined;
let views: MemoryViews | undefined;

async function serverCommand<T>(command: string, argument?: unknown): Promise<T | undefined> {
  await ensureClient(extensionContext, true);
  if (!client) {
    void vscode.window.showWarningMessage(l10n.t("Profile Memory: the language server is not running."));
    return undefined;
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: argument === undefined ? [] : [argument] }) as Promise<T>;
}

async function openAt(uri: string, line: number): Promise<void> {
  const position = new vscode.Position(line, 0);
  await vscode.window.showTextDocument(vscode.Uri.parse(uri), { selection: new vscode.Range(position, position) });
}

function searchMemory(): void {
  const pick = vscode.window.createQuickPick<HitItem>();
  pick.title = l10n.t("Profile Memory: search journals and log records");
  pick.placeholder = l10n.t("Type to search (case-insensitive)");
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  let latest = 0;
  pick.onDidChangeValue(async (value) => {
    const mine = ++latest;
    if (!value.trim()) {
      pick.items = [];
      return;
    }
    pick.busy = true;
    const hits = await serverCommand<SearchHit[]>("profileMemory.search", { query: value, limit: 50 });
    if (mine === latest) {
      pick.items = hits ? hitItems(value, hits) : [];
      pick.busy = false;
    }
  });
  pick.onDidAccept(async () => {
    const chosen = pick.selectedItems[0];
    pick.hide();
    if (chosen?.hit) {
      await openAt(chosen.hit.uri, chosen.hit.range.start.line);
    }
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
}

async function appendJournal(): Promise<void> {
  const text = await vscode.window.showInputBox({ title: l10n.t("Append Journal Entry"), prompt: l10n.t("What happened?") });
  if (!text?.trim()) {
    return;
  }
  const tags = await vscode.window.showInputBox({ title: l10n.t("Append Journal Entry"), prompt: l10n.t("Tags, comma-separated (optional)") });
  const result = await serverCommand<{ ts: string }>("profileMemory.journalAppend", {
    text,
    tags: (tags ?? "").split(",").map((t) => t.trim()).filter(Boolean),
  });
  if (result) {
    void vscode.window.showInformationMessage(l10n.t("Profile Memory: journal entry added at {0}", result.ts));
  }
}

async function pendingFile(): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && /profile-pending\.md$/i.test(active.fsPath)) {
    return active;
  }
  const found = await vscode.workspace.findFiles("**/.cursor/profile/profile-pending.md", "**/node_modules/**", 5);
  if (found.length <= 1) {
    return found[0];
  }
  const picked = await vscode.window.showQuickPick(found.map((uri) => uri.fsPath));
  return picked ? vscode.Uri.file(picked) : undefined;
}

async function decideAll(command: string): Promise<void> {
  const pending = await pendingFile();
  if (!pending) {
    void vscode.window.showInformationMessage(l10n.t("Profile Memory: no profile-pending.md found."));
    return;
  }
  await serverCommand(command, pending.toString());
}

let pendingView: vscode.TreeView<Node> | undefined;

/** From an inline button or the context menu, the row's node; from a key or the palette, the
 * focused (selected) row of the Pending view. */
async function decideOne(given: Node | undefined, decision: string): Promise<void> {
  const node = given?.proposal ? given : pendingView?.selection.find((selected) => selected.proposal);
  if (!node) {
    void vscode.window.showInformationMessage(l10n.t("Profile Memory: select a proposal in the Pending view first."));
    return;
  }
  if (node.proposal) {
    await serverCommand("profileMemory.decide", { uri: node.proposal.uri, line: node.proposal.line, decision });
  }
}

// FACT.md's last change in the Agent Memory view: the kept version against the file, and restoring it
async function showFactDiff(node: Node | undefined): Promise<void> {
  if (node?.change) {
    const { version, fact, rev } = node.change;
    await vscode.commands.executeCommand("vscode.diff", vscode.Uri.parse(version), vscode.Uri.parse(fact), l10n.t("FACT.md: {0} ↔ now", rev));
  }
}

async function restoreFact(node: Node | undefined): Promise<void> {
  if (!node?.change) {
    return;
  }
  const { folder, rev } = node.change;
  const restore = l10n.t("Restore");
  const answer = await vscode.window.showWarningMessage(
    l10n.t("Restore FACT.md to the version {0}? The current FACT.md is kept as a version too.", rev),
    { modal: true },
    restore,
  );
  if (answer === restore) {
    await serverCommand("profileMemory.factsRestore", { rev, dir: vscode.Uri.parse(folder).fsPath });
    views?.refresh();
  }
}

async function initProfiles(): Promise<void> {
  const scopes = [
    { label: l10n.t("project"), scope: "project" },
    { label: l10n.t("user"), scope: "user" },
    { label: l10n.t("memory"), scope: "memory" },
  ];
  const scope = (await vscode.window.showQuickPick(scopes, { title: l10n.t("Initialize Profile Files") }))?.scope;
  if (!scope) {
    return;
  }
  const results = await serverCommand<{ uri: string; created: boolean }[]>("profileMemory.init", { scope });
  views?.refresh(); // the Profiles view leaves its welcome for the new files
  const created = (results ?? []).filter((r) => r.created).length;
  void vscode.window.showInformationMessage(l10n.t("Profile Memory: {0} created, {1} kept.", created, (results ?? []).length - created));
}

/** Every memory file of the workspace into Problems (the server publishes closed files too). */
async function checkWorkspace(): Promise<void> {
  const counts = await serverCommand<{ files: number; findings: number }>("profileMemory.checkWorkspace");
  if (counts) {
    void vscode.commands.executeCommand("workbench.actions.view.problems");
    const files = counts.files === 1 ? l10n.t("{0} memory file", counts.files) : l10n.t("{0} memory files", counts.files);
    void vscode.window.showInformationMessage(l10n.t("Profile Memory: {0} in {1} (as pmem check reports them).", findingCount(counts.findings), files));
  }
}

async function showRecall(): Promise<void> {
  const content = await serverCommand<string>("profileMemory.recall", { format: "markdown" });
  if (content !== undefined) {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: "markdown", content: content || l10n.t("(empty)") }));
  }
}

interface TraceRecord { path: string; line: number; date: string; title: string; operation: string | null }
interface TraceMatch { pair: string; state: string; records: TraceRecord[]; entries: { path: string; line: number; text: string }[] }

async function traceAnchor(): Promise<void> {
  const id = await vscode.window.showInputBox({ title: l10n.t("Trace Anchor"), prompt: l10n.t("An anchor id"), placeHolder: "PF-20260412-01" });
  if (!id?.trim()) {
    return;
  }
  const traced = await serverCommand<{ matches: TraceMatch[] }>("profileMemory.trace", { id: id.trim() });
  const items = (traced?.matches ?? []).flatMap((match) => [
    ...match.entries.map((e) => ({ label: `$(symbol-string) ${e.text}`, description: `${match.pair} · ${match.state}`, uri: e.path, line: e.line - 1 })),
    ...match.records.map((r) => ({ label: `$(history) ${r.date} ${r.operation ?? "?"} — ${r.title}`, description: match.pair, uri: r.path, line: r.line - 1 })),
  ]);
  if (items.length === 0) {
    void vscode.window.showInformationMessage(l10n.t("Profile Memory: {0} is unknown.", id));
    return;
  }
  const chosen = await vscode.window.showQuickPick(items, { title: l10n.t("Trace {0}", id) });
  if (chosen) {
    await openAt(chosen.uri, chosen.line);
  }
}

/** Whenever a start was tried and no server runs, a status bar item says why; a click starts
 * it again, or offers the install again. */
function serverStatus(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 101);
  item.command = "profileMemory.restartServer";
  serverState = () => {
    if (client) {
      item.hide();
      return;
    }
    item.text = starting && !down
      ? `$(sync~spin) ${l10n.t("Profile Memory: starting the server")}`
      : down?.text ?? `$(warning) ${l10n.t("Profile Memory: server not running")}`;
    item.tooltip = down?.tooltip ?? l10n.t("Click to start the language server (or install it)");
    if (starting || down) {
      item.show();
    }
  };
  context.subscriptions.push(item);
}

/** With hints on the cursor's line only, a move to another line of a compact profile fetches
 * them again. */
function hintsFollowTheCursor(context: vscode.ExtensionContext): void {
  const lastLine = new Map<vscode.TextEditor, number>();
  context.subscriptions.push(
    vscode.window.onDidChangeTextEditorSelection((event) => {
      const line = event.selections[0]?.active.line;
      const document = event.textEditor.document;
      if (lastLine.get(event.textEditor) === line || !profilePairName(document.uri.fsPath) || !isMemoryFile(document)) {
        return;
      }
      lastLine.set(event.textEditor, line);
      if (vscode.workspace.getConfiguration("profileMemory").get<string>("inlayHints.lines") !== "all") {
        client?.getFeature(InlayHintRequest.method)?.getProvider(document)?.onDidChangeInlayHints.fire();
      }
    }),
    vscode.window.onDidChangeVisibleTextEditors((editors) => {
      for (const editor of [...lastLine.keys()].filter((known) => !editors.includes(known))) {
        lastLine.delete(editor);
      }
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("profileMemory.inlayHints.lines") && vscode.window.activeTextEditor) {
        client?.getFeature(InlayHintRequest.method)?.getProvider(vscode.window.activeTextEditor.document)?.onDidChangeInlayHints.fire();
      }
    }),
  );
}

function statusBar(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 100);
  item.command = "workbench.view.extension.profileMemory";
  const update = () => {
    item.tooltip = l10n.t("Lines of this compact profile against its limit — click for the Profile Memory view");
    const document = vscode.window.activeTextEditor?.document;
    const pair = document ? profilePairName(document.uri.fsPath) : undefined;
    if (!document || !pair) {
      item.hide();
      return;
    }
    const limits = vscode.workspace.getConfiguration("profileMemory").get<Record<string, number>>("limits");
    const status = statusText(pair, lineCount(document.getText()), limitFor(pair, limits));
    item.text = status.text;
    item.backgroundColor = status.over ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
    item.show();
    void views?.pairOf(document.uri.toString()).then((info) => {
      if (info && vscode.window.activeTextEditor?.document === document) {
        item.text = l10n.t("{0} · ≈{1}/{2} tok", status.text, info.tokens.toLocaleString("en-US"), info.tokenBudget.toLocaleString("en-US"));
        if (info.tokens > info.tokenBudget) {
          item.backgroundColor = new vscode.ThemeColor("statusBarItem.warningBackground");
        }
      }
    });
  };
  context.subscriptions.push(
    item,
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === vscode.window.activeTextEditor?.document) {
        update();
      }
    }),
    vscode.workspace.onDidChangeConfiguration(update),
    ...(views ? [views.onDidRefresh(update)] : []),
  );
  update();
}

let mcpOffer: McpOffer | undefined;

/** A private environment installed before it carried the [mcp] extra gets it before VS Code
 * starts `pmem mcp` from it (the wheel is the one this package carries). */
async function prepareMcp(context: vscode.ExtensionContext, server: ServerCommand): Promise<boolean> {
  if (server.source !== "private-venv") {
    return true; // an environment the person installed: `pmem mcp` says itself what it lacks
  }
  const python = venvExecutable(privateVenv(context), "python", process.platform);
  if ((await run(python, ["-c", "import mcp"])).code === 0) {
    return true;
  }
  const folder = context.asAbsolutePath("server");
  const wheels = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith(".whl")) : [];
  if (wheels.length === 0) {
    return failed(l10n.t("this package carries no server wheel to add the MCP extra from"));
  }
  const args = ["-m", "pip", "install", `${context.asAbsolutePath(path.join("server", wheels[0]))}[mcp]`];
  log(`$ ${python} ${args.join(" ")}`);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t("Profile Memory: adding the MCP server to its environment") },
    () => run(python, args),
  );
  output.append(result.stdout + result.stderr);
  return result.code === 0 || failed(installProblem(result));
}

/** VS Code's agent mode gets `pmem mcp` for each workspace folder, where the editor has the API. */
function registerMcp(context: vscode.ExtensionContext): void {
  const changes = new vscode.EventEmitter<void>();
  mcpOffer = offerMcpServer(vscode as any, {
    server: () => findServer(context),
    folders: () => (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, path: f.uri.fsPath })),
    userDir: () => vscode.workspace.getConfiguration("profileMemory").get<string>("userProfileDir"),
    prepare: (server) => prepareMcp(context, server),
    version: String(context.extension?.packageJSON?.version ?? ""),
    log,
  }, changes);
  if (mcpOffer) {
    const offer = mcpOffer;
    context.subscriptions.push(
      offer,
      vscode.workspace.onDidChangeWorkspaceFolders(() => offer.changed()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration("profileMemory.server.command") || event.affectsConfiguration("profileMemory.userProfileDir")) {
          offer.changed();
        }
      }),
    );
  }
}

/** Where the extension's own texts come from: `profileMemory.messageLanguage` `auto` leaves them
 * to VS Code (its display language picks l10n/bundle.l10n.<language>.json); `en` and `zh` take
 * that language whatever the display language, as the server does for its messages. */
function chooseMessageLanguage(context: vscode.ExtensionContext): void {
  const language = chosenLanguage(vscode.workspace.getConfiguration("profileMemory").get("messageLanguage"));
  if (language === "auto") {
    useTranslator(fromVscode(vscode.l10n));
    return;
  }
  if (language === "en") {
    useTranslator(english);
    return;
  }
  try {
    useTranslator(fromBundle(JSON.parse(fs.readFileSync(context.asAbsolutePath(path.join("l10n", "bundle.l10n.zh-cn.json")), "utf-8"))));
  } catch (error) {
    log(`The Chinese texts could not be read: ${error}`);
    useTranslator(english);
  }
}

/** A change of `profileMemory.messageLanguage` (the texts were switched by the first listener):
 * the views and status items say theirs again, and a running server is restarted, so that every
 * message it has published (diagnostics, lenses, hints) is said again in the new language from
 * `initialize` on. */
function messageLanguageChanged(context: vscode.ExtensionContext): void {
  serverState?.();
  views?.refresh();
  if (client || starting) {
    log("profileMemory.messageLanguage changed: restarting the language server");
    void restartServer(context);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionContext = context;
  output = vscode.window.createOutputChannel("Profile Memory");
  context.subscriptions.push(output);
  chooseMessageLanguage(context);
  context.subscriptions.push(
    // first of all listeners, so that those that show texts (the status bar) find the new language
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("profileMemory.messageLanguage")) {
        chooseMessageLanguage(context);
      }
    }),
  );
  context.subscriptions.push(vscode.languages.setLanguageConfiguration("markdown", { wordPattern: MARKDOWN_WORDS }));
  const memoryViews = new MemoryViews(
    async () => {
      await ensureClient(context);
      return client;
    },
    () => client !== undefined,
  );
  views = memoryViews;
  for (const [name, tree] of Object.entries(memoryViews.trees)) {
    const view = vscode.window.createTreeView(`profileMemory.${name}`, { treeDataProvider: tree, showCollapseAll: name === "profiles" });
    if (name === "pending") {
      pendingView = view;
    }
    context.subscriptions.push(view);
  }
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(TIMELINE_SCHEME, memoryViews.timelineProvider()),
    vscode.commands.registerCommand("profileMemory.openAt", openAt),
  );
  const commands: [string, (...args: any[]) => unknown][] = [
    ["profileMemory.searchMemory", searchMemory],
    ["profileMemory.appendJournal", appendJournal],
    ["profileMemory.confirmAllPending", () => decideAll("profileMemory.confirmAll")],
    ["profileMemory.discardAllPending", () => decideAll("profileMemory.discardAll")],
    ["profileMemory.initProfiles", initProfiles],
    ["profileMemory.checkWorkspaceProblems", checkWorkspace],
    ["profileMemory.showRecall", showRecall],
    ["profileMemory.traceAnchor", traceAnchor],
    ["profileMemory.restartServer", () => restartServer(context)],
    ["profileMemory.refreshViews", () => memoryViews.refresh()],
    ["profileMemory.filterHistory", () => memoryViews.filterHistory()],
    ["profileMemory.showHistory", (node?: Node) => memoryViews.showHistory(node?.id ?? anchorAtCursor())],
    ["profileMemory.confirmProposal", (node: Node) => decideOne(node, "confirm")],
    ["profileMemory.keepBothProposal", (node: Node) => decideOne(node, "keep-both")],
    ["profileMemory.discardProposal", (node: Node) => decideOne(node, "discard")],
    ["profileMemory.showFactDiff", showFactDiff],
    ["profileMemory.restoreFact", restoreFact],
  ];
  for (const [name, handler] of commands) {
    context.subscriptions.push(vscode.commands.registerCommand(name, handler));
  }
  statusBar(context);
  serverStatus(context);
  registerMcp(context);
  hintsFollowTheCursor(context);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("profileMemory.server.command")) {
        log("profileMemory.server.command changed: restarting the language server");
        void restartServer(context);
      } else if (event.affectsConfiguration("profileMemory.messageLanguage")) {
        messageLanguageChanged(context);
      }
    }),
  );
  // Activation on any Markdown file costs nothing: the server starts with the first memory file.
  if (vscode.workspace.textDocuments.some(isMemoryFile)) {
    await ensureClient(context);
  } else {
    const waiting = vscode.workspace.onDidOpenTextDocument((document) => {
      if (isMemoryFile(document)) {
        waiting.dispose();
        void ensureClient(context);
      }
    });
    context.subscriptions.push(waiting);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop().catch(() => undefined);
}
