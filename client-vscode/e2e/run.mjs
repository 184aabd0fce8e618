// End-to-end test in a real VS Code: code-server in headless Chromium, driven by playwright-core.
// Installs the built .vsix into a fresh code-server, opens a fixture workspace (made by `pmem demo`),
// and checks what a user sees. Screenshots of each step go to artifacts/ (ignored by git).
//
//   node e2e/run.mjs   (env: CODE_SERVER=path of code-server, PMEM_PYTHON=python with profile_memory,
//                      CHROMIUM=/usr/bin/chromium, VSIX=profile-memory.vsix)
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const here = resolve(".");
const artifacts = join(here, "artifacts");
const vsix = resolve(process.env.VSIX ?? "profile-memory.vsix");
// A path given relative to here must still work from code-server's extension host.
const python = process.env.PMEM_PYTHON?.includes("/") ? resolve(process.env.PMEM_PYTHON) : (process.env.PMEM_PYTHON ?? "python3");
const codeServer = process.env.CODE_SERVER ?? execFileSync("bash", ["e2e/install-code-server.sh"], { encoding: "utf-8" }).trim();
const browserPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts);
const root = mkdtempSync(join(tmpdir(), "pmem-e2e-"));
const home = join(root, "home");
const userData = join(root, "user-data");
const extensions = join(root, "extensions");
for (const folder of [home, join(userData, "User"), extensions]) mkdirSync(folder, { recursive: true });

// The fixture: the demo's project as the workspace, with the user profile pair inside it.
execFileSync(python, ["-m", "profile_memory", "demo", join(root, "demo")], { stdio: "ignore" });
const workspace = join(root, "demo", "project");
const userDir = join(workspace, "user");
cpSync(join(root, "demo", "home", ".cursor", "profile"), userDir, { recursive: true });
function writeSettings(folder, extra) {
  writeFileSync(join(folder, "User", "settings.json"), JSON.stringify({
    "profileMemory.userProfileDir": userDir,
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "extensions.autoCheckUpdates": false,
    "update.mode": "none",
    "editor.hover.delay": 100,
    "files.autoSave": "off",
    ...extra,
  }, null, 2));
}

function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => done(port)); });
  });
}

writeSettings(userData, { "profileMemory.server.command": [python, "-m", "profile_memory", "serve"] });

// code-server 4.100.3 (VS Code 1.100) has the MCP server definition API only as a proposal (named
// mcpConfigurationProvider, its contribution modelContextServerCollections); VS Code 1.101 made it
// final. The installed copy is given the proposal, and code-server allows it, so that the
// extension's offer to the agent mode runs here as it does in a current VS Code.
const EXTENSION_ID = "profile-memory.profile-memory";
const PROPOSED = ["--enable-proposed-api", EXTENSION_ID];
function enableMcpApi(extensionsDir) {
  for (const name of readdirSync(extensionsDir).filter((entry) => entry.startsWith(`${EXTENSION_ID}-`))) {
    const manifestPath = join(extensionsDir, name, "package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf-8"));
    manifest.enabledApiProposals = ["mcpConfigurationProvider"];
    manifest.contributes.modelContextServerCollections = manifest.contributes.mcpServerDefinitionProviders;
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  }
}
/** What the extension wrote to its output channel (VS Code keeps it in the logs folder). */
function extensionLog(folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.includes("Profile Memory")) found.push(readFileSync(full, "utf-8"));
    }
  };
  if (existsSync(folder)) walk(folder);
  return found.join("\n");
}

const env = { ...process.env, HOME: home };
const base = ["--user-data-dir", userData, "--extensions-dir", extensions];
execFileSync(codeServer, [...base, "--install-extension", vsix], { env, stdio: "inherit" });
enableMcpApi(extensions);

const port = await freePort();
const server = spawn(codeServer, [...base, ...PROPOSED, "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry",
  "--disable-update-check", "--disable-workspace-trust", workspace], { env, stdio: ["ignore", "pipe", "pipe"] });
let serverLog = "";
server.stdout.on("data", (chunk) => { serverLog += chunk; });
server.stderr.on("data", (chunk) => { serverLog += chunk; });

const browser = await chromium.launch({
  executablePath: browserPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});
let page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
let step = 0;
let failedSteps = 0;

// E2E_PART=first-run runs only the steps of the first run with no server, E2E_PART=zh only those
// of the Chinese display language (focused subsets).
let part = "main";

async function check(name, action) {
  step += 1;
  if (process.env.E2E_PART && process.env.E2E_PART !== part) {
    console.log(`ok ${step} - ${name} # SKIP`);
    return;
  }
  const shot = join(artifacts, `${String(step).padStart(2, "0")}-${name.replaceAll(" ", "-")}.png`);
  try {
    await page.keyboard.press("Escape"); // close what the previous step left open (its screenshot is taken)
    await action();
    await page.screenshot({ path: shot });
    console.log(`ok ${step} - ${name}`);
  } catch (error) {
    failedSteps += 1;
    await page.screenshot({ path: shot }).catch(() => {});
    console.log(`not ok ${step} - ${name}: ${error.message.split("\n")[0]} (screenshot: ${shot})`);
  }
}

async function waitFor(predicate, what, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function runCommand(title) {
  await page.keyboard.press("F1");
  await page.keyboard.type(title);
  await page.waitForTimeout(500);
  await page.keyboard.press("Enter");
}

/** The active tab of each editor group. */
const activeTabs = async () => (await page.locator(".tab.active").allInnerTexts().catch(() => [])).join(" ");

async function openFile(name) {
  // a workbench just loaded may drop the first Enter in Quick Open: try again
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.press("Control+P");
    await page.keyboard.type(name);
    await waitFor(async () => (await text(".quick-input-list")).includes(name), `${name} in Quick Open`);
    await page.waitForTimeout(300);
    await page.keyboard.press("Enter");
    try {
      await waitFor(async () => (await activeTabs()).includes(name), `the ${name} tab`,
                    attempt < 3 ? 8_000 : 30_000);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press("Escape");
    }
  }
  await page.waitForTimeout(500);
}

async function goToLine(line, fromEnd) {
  await page.keyboard.press("Control+G");
  await page.keyboard.type(String(line));
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  for (let i = 0; i < fromEnd; i += 1) await page.keyboard.press("ArrowLeft");
}

/** Hover PF-20260412-02 on `- 偏好 React + Next.js 全栈开发 <!-- PF-20260412-02 -->` until the
 * server answers with its record. */
async function hoverRecord() {
  await goToLine(7, 8);
  await waitFor(async () => {
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    await page.waitForTimeout(700);
    return (await text(".monaco-hover-content")).includes("原始上下文");
  }, "a hover with 原始上下文");
}

// Monaco renders spaces as no-break spaces.
const text = async (selector) => (await page.locator(selector).allInnerTexts().catch(() => [])).join("\n").replaceAll("\u00a0", " ");

// The workspace in the workbench of the code-server on `serverPort`, once it listens.
async function openWorkbench(serverPort, what) {
  await waitFor(async () => (await fetch(`http://127.0.0.1:${serverPort}/healthz`).then((r) => r.ok).catch(() => false)),
                what, 60_000);
  await page.goto(`http://127.0.0.1:${serverPort}/?folder=${encodeURIComponent(workspace)}`);
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  await page.waitForTimeout(3000);
}

await check("workbench loads", () => openWorkbench(port, "code-server to listen"));

await check("hover shows the log record", async () => {
  await openFile("user-profile.md");
  await waitFor(async () => (await text(".statusbar")).includes("user-profile 18/50"), "the extension to activate");
  await hoverRecord();
  const hover = await text(".monaco-hover-content");
  if (!hover.includes("SSR 也用 Next 吧")) throw new Error(`the hover lacks the record's context: ${hover.slice(0, 200)}`);
});

await check("the agent mode is offered pmem mcp, the same server the editor runs", async () => {
  const offered = `Offered to VS Code's agent mode: ${python} -m profile_memory mcp --project ${workspace}`;
  await waitFor(async () => extensionLog(userData).includes(offered), "the MCP server definition VS Code asked for");
  // and that command is a working MCP server: it answers an initialize on stdin
  const answer = execFileSync(python, ["-m", "profile_memory", "mcp", "--project", workspace], {
    input: `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "e2e", version: "1" } } })}\n`,
    encoding: "utf-8", env: { ...env, PMEM_USER_DIR: userDir },
  });
  if (!answer.includes('"name":"profile-memory"')) throw new Error(`pmem mcp did not answer: ${answer.slice(0, 200)}`);
});

await check("problems show the duplicate id", async () => {
  await openFile("project-profile.md");
  await page.keyboard.press("Control+Shift+M");
  await waitFor(async () => (await text(".markers-panel")).includes("PF-20260601-02 is carried by 2 entries"), "PM002 in Problems");
});

await check("problems list the whole workspace, closed files too", async () => {
  // JOURNAL.jsonl and the logs were never opened: their findings are there as pmem check says them
  for (const finding of ["not valid JSON", "PF-20260604-02 is live but no entry", "PF-20260418-01 is live but no entry"]) {
    await waitFor(async () => (await text(".markers-panel")).includes(finding), `“${finding}” in Problems`);
  }
  await runCommand("Profile Memory: Check Workspace");
  await waitFor(async () => /Profile Memory: \d+ findings in 7 memory files/.test(await text(".notifications-toasts")), "the Check Workspace counts");
});

await check("status bar shows the line count", async () => {
  await waitFor(async () => (await text(".statusbar")).includes("project-profile 33/30"), "project-profile 33/30 in the status bar");
});

await check("search memory finds a journal entry", async () => {
  await openSearchMemory();
  await page.keyboard.type("Zustand");
  await waitFor(async () => (await text(".quick-input-list")).includes("状态管理换成 Zustand"), "the journal entry in the QuickPick");
});

/** Search Memory's QuickPick, once it is the one open (typing earlier goes to the palette). */
async function openSearchMemory() {
  await runCommand("Profile Memory: Search Memory");
  await waitFor(async () => (await text(".quick-input-widget")).includes("search journals and log records"),
    "the Search Memory QuickPick");
}

/** The QuickPick's rows top to bottom (the list is virtual: its DOM order is not its order). */
async function quickPickRows() {
  const rows = await page.locator(".quick-input-list .monaco-list-row").evaluateAll((elements) =>
    elements.map((row) => [Number(row.getAttribute("data-index")), row.innerText.replaceAll("\u00a0", " ")]));
  return rows.sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

await check("search memory keeps the server's order, says each hit's date and kind, and says no results", async () => {
  await openSearchMemory();
  await page.keyboard.type("React");
  const expected = ["初始化项目：Electron + React + Vite", "桌面端用 Electron + React", "偏好 React + Next.js 全栈开发", "偏好 React"];
  await waitFor(async () => (await quickPickRows()).length === expected.length, "four hits, as pmem search finds them");
  const rows = await quickPickRows();
  rows.forEach((row, n) => { if (!row.includes(expected[n])) throw new Error(`row ${n + 1} is not “${expected[n]}”: ${rows.join(" | ")}`); });
  if (!/2026-06-01 .*journal/.test(rows[0]) || !/2026-04-12 · log record PF-20260412-02/.test(rows[3])) throw new Error(`dates and kinds missing: ${rows.join(" | ")}`);
  await page.keyboard.press("Control+A");
  await page.keyboard.type("zzz-nothing-like-it");
  await waitFor(async () => (await text(".quick-input-list")).includes("No results for “zzz-nothing-like-it”"), "the no results row");
});

await check("confirm quick fix adds the anchor and the log record", async () => {
  await openFile("user-profile.md");
  await goToLine(12, 0); // `- 提交前自己先跑一遍测试` (PM005)
  await page.waitForTimeout(1000);
  await page.keyboard.press("Control+.");
  await waitFor(async () => (await text(".action-widget")).includes("Confirm as PF-"), "the Confirm quick fix");
  await page.keyboard.press("Enter"); // the preferred fix is the focused first item
  await waitFor(async () => (await text(".view-lines")).includes("提交前自己先跑一遍测试 <!-- PF-"), "the anchor in the editor");
  await runCommand("File: Save All Files");
  await waitFor(async () => /### \[PF-\d{8}-\d+\] \d{4}-\d{2}-\d{2} — 提交前自己先跑一遍测试/.test(
    readFileSync(join(userDir, "user-profile-log.md"), "utf-8")), "the add record in user-profile-log.md on disk");
});

async function openMemoryView() {
  if ((await text(".sidebar")).includes("PROFILES")) return; // a click on its icon would close it
  await page.locator('.activitybar [aria-label^="Profile Memory"]').first().click();
  await waitFor(async () => (await text(".sidebar")).includes("PROFILES"), "the Profile Memory view");
}

await check("the profile memory view shows every entry with its state", async () => {
  await openMemoryView();
  await waitFor(async () => (await text(".sidebar")).includes("偏好 React + Next.js 全栈开发"), "an entry in the Profiles tree");
  const sidebar = await text(".sidebar");
  for (const expected of ["user-profile", "技术偏好", "PF-20260412-02 · 演进 · 2026-05-01", "解释时多给代码示例"]) {
    if (!sidebar.includes(expected)) throw new Error(`the view lacks ${expected}: ${sidebar.slice(0, 400)}`);
  }
});

await check("confirm from the pending view writes the profile and the log", async () => {
  await openMemoryView();
  const proposal = page.locator('.sidebar .monaco-list-row', { hasText: "用 GitHub Actions 构建并发布安装包" }).first();
  await proposal.hover();
  await proposal.locator('.action-label[aria-label^="Confirm"]').click(); // "Confirm (Ctrl+Enter)"
  await waitFor(async () => !(await text(".sidebar")).includes("用 GitHub Actions 构建并发布安装包"), "the proposal to leave the Pending view");
  await runCommand("File: Save All Files");
  const profile = join(workspace, ".cursor", "profile", "project-profile.md");
  await waitFor(async () => /用 GitHub Actions 构建并发布安装包 <!-- PF-\d{8}-\d+ -->/.test(readFileSync(profile, "utf-8")),
                "the confirmed entry in project-profile.md on disk");
  const log = readFileSync(join(workspace, ".cursor", "profile", "project-profile-log.md"), "utf-8");
  if (!log.includes("用 GitHub Actions 构建并发布安装包")) throw new Error("the add record is not in the log");
});

await check("an id's history is a page of its records in order, whose links open the line", async () => {
  await openFile("user-profile.md");
  await goToLine(1, 0); // not on an anchor: Show History asks for the id
  await runCommand("Profile Memory: Show History");
  await waitFor(async () => (await text(".quick-input-widget")).includes("An anchor id"), "the id's input box");
  await page.keyboard.type("PF-20260412-02");
  await page.keyboard.press("Enter");
  const frame = page.frameLocator("iframe.webview").frameLocator("iframe#active-frame");
  const body = async () => (await frame.locator("body").innerText({ timeout: 1000 }).catch(() => "")).replaceAll("\u00a0", " ");
  await waitFor(async () => (await body()).includes("· 演进 · PF-20260412-02"), "the history page");
  const shown = await body();
  if (shown.indexOf("· 新增 · PF-20260412-02") > shown.indexOf("· 演进 · PF-20260412-02")) throw new Error("records out of order");
  for (const part of ["精简版", "原始上下文", "SSR 也用 Next 吧", "user-profile-log.md:"]) if (!shown.includes(part)) throw new Error(`the page lacks ${part}`);
  await page.screenshot({ path: join(artifacts, "timeline-PF-20260412-02.png") });
  await frame.locator("a", { hasText: "演进 · PF-20260412-02" }).first().click();
  await waitFor(async () => (await activeTabs()).includes("user-profile-log.md"), "the log opened at the record");
  await runCommand("View: Close Editor Group"); // the page's group, with the log opened in it
});

await check("entries show inlay hints on the cursor's line, not a lens line each", async () => {
  await openFile("user-profile.md");
  await goToLine(7, 0);
  await waitFor(async () => (await text(".view-lines")).includes("records · last: 演进"), "an inlay hint at the end of the cursor's entry");
  await goToLine(4, 0); // another entry: the chip follows the cursor, one at a time
  await waitFor(async () => !(await text(".view-lines")).includes("records · last: 演进"), "the hint to leave the other line");
  await waitFor(async () => (await text(".view-lines")).includes("1 record · last: 新增"), "the hint of line 4");
  const lenses = await text(".codelens-decoration");
  if (lenses.includes("records · last")) throw new Error(`a per-entry code lens is still shown: ${lenses}`);
  if (!lenses.includes("lines ")) throw new Error(`the file's lens is gone: ${lenses}`);
});

await check("a log written on disk updates the hint without an edit", async () => {
  await openFile("user-profile.md");
  await goToLine(7, 0);
  await waitFor(async () => (await text(".view-lines")).includes("2 records · last: 演进 2026-05-01"), "the hint before");
  const log = join(userDir, "user-profile-log.md");
  writeFileSync(log, readFileSync(log, "utf-8") + "\n### [PF-20260412-02] 2026-06-09 — 前端技术栈偏好（再演进）\n- **分类**: 技术偏好\n" +
    "- **精简版**: 偏好 React + Next.js 全栈开发\n- **原始上下文**: \"还是 Next\"\n- **操作**: 演进（偏好 React + Next.js 全栈开发 → 偏好 React + Next.js 全栈开发）\n");
  await waitFor(async () => (await text(".view-lines")).includes("3 records · last: 演进 2026-06-09"), "the hint to catch up", 10_000);
});

await check("pending actions work from the keyboard: Shift+F10 opens their menu on the focused row", async () => {
  await openMemoryView();
  await runCommand("Profile Memory: Focus on Pending View");
  await page.waitForTimeout(500);
  await page.keyboard.press("Home");
  const focused = async () => (await page.locator(".sidebar .monaco-list-row.focused").allInnerTexts()).join(" ").replaceAll("\u00a0", " ");
  await waitFor(async () => (await focused()).includes("解释时多给代码示例"), "the first proposal focused");
  const label = await page.locator(".sidebar .monaco-list-row.focused").first().getAttribute("aria-label");
  if (!label?.includes("Proposal, 新增 in 沟通偏好: 解释时多给代码示例")) throw new Error(`the row reads “${label}” to a screen reader`);
  await page.keyboard.press("Shift+F10");
  await waitFor(async () => (await text(".context-view .monaco-menu")).includes("Keep Both"), "the context menu");
  const menu = await text(".context-view .monaco-menu");
  for (const name of ["Confirm", "Discard"]) if (!menu.includes(name)) throw new Error(`the menu lacks ${name}: ${menu}`);
  for (let i = 0; i < 6 && !(await text(".context-view .monaco-menu .action-item.focused")).includes("Discard"); i += 1) {
    await page.keyboard.press("ArrowDown");
  }
  if (!(await text(".context-view .monaco-menu .action-item.focused")).includes("Discard")) throw new Error("Discard cannot be reached from the keyboard");
  await page.keyboard.press("Enter");
  await waitFor(async () => !(await text(".sidebar")).includes("解释时多给代码示例"), "the discarded proposal to leave the view");
  await runCommand("File: Save All Files");
});

await check("a pending tooltip says kind, OLD → NEW, ⚠️, context and source", async () => {
  await openMemoryView();
  const pivot = page.locator(".sidebar .monaco-list-row", { hasText: "收费改为订阅制" }).first();
  const label = pivot.locator(".monaco-icon-label").first();
  await waitFor(async () => {
    await page.mouse.move(800, 900); // away, then onto the row's text: the hover comes after a delay
    const box = await label.boundingBox();
    if (!box) return false;
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 5 });
    await page.waitForTimeout(1500);
    return (await text(".monaco-hover, .workbench-hover, .workbench-hover-container, .custom-hover")).includes("[转向][产品方向]");
  }, "the tooltip", 30_000);
  const tip = await text(".monaco-hover, .workbench-hover, .workbench-hover-container, .custom-hover");
  for (const part of ["[转向][产品方向]", "旧 OLD: 收费模式为一次买断", "新 NEW: 收费改为订阅制", "⚠️", "来源对话: [定价讨论](chat-88bb)"]) {
    if (!tip.includes(part)) throw new Error(`the tooltip lacks ${part}: ${tip}`);
  }
  await page.screenshot({ path: join(artifacts, "tooltip-pending-pivot.png") });
});

await check("the view is legible in the dark theme", async () => {
  await runCommand("Preferences: Toggle between Light/Dark Themes");
  await waitFor(async () => (await page.locator(".monaco-workbench.vs-dark").count()) > 0, "the dark theme");
  await openMemoryView();
  await openFile("user-profile.md");
  await waitFor(async () => (await text(".sidebar")).includes("PF-20260412-02 · 演进 · 2026-06-09"), "the tree in the dark theme");
});

await check("the profiles view leaves its welcome after Initialize Profile Files", async () => {
  const empty = join(root, "empty-project");
  mkdirSync(join(empty, ".vscode"), { recursive: true });
  writeFileSync(join(empty, ".vscode", "settings.json"), JSON.stringify({ "profileMemory.userProfileDir": join(root, "no-user-profile") }));
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(empty)}`);
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  await page.waitForTimeout(3000);
  await openMemoryView();
  await waitFor(async () => (await text(".sidebar")).includes("No profile files were found"), "the welcome of an empty workspace");
  await runCommand("Profile Memory: Initialize Profile Files");
  await page.waitForSelector(".quick-input-widget", { timeout: 10_000 });
  await page.keyboard.type("project");
  await page.keyboard.press("Enter");
  await waitFor(async () => existsSync(join(empty, ".cursor", "profile", "project-profile.md")), "the project profile on disk");
  await waitFor(async () => (await text(".sidebar")).includes("project-profile") && !(await text(".sidebar")).includes("No profile files were found"),
                "the view to show the new profile without Refresh", 10_000);
});

server.kill();

// -- VS Code's display language zh-cn: a third code-server started with --locale zh-cn. VS Code
// takes a display language only from an installed language pack, and none can be downloaded
// here: the pack is a stub (the cache entry an installed pack leaves in the user data folder,
// with no translations), so VS Code's own texts stay English while the extension's commands,
// views and messages come from its zh-cn files, as with the real pack.
part = "zh";
const zhData = join(root, "zh-user-data");
mkdirSync(join(zhData, "User"), { recursive: true });
writeSettings(zhData, { "profileMemory.server.command": [python, "-m", "profile_memory", "serve"] });
const zhPack = join(root, "zh-language-pack.json");
writeFileSync(zhPack, JSON.stringify({ contents: {} }));
writeFileSync(join(zhData, "languagepacks.json"), JSON.stringify({
  "zh-cn": { hash: "pmem-e2e-zh-stub", extensions: [{ extensionIdentifier: { id: "pmem-e2e.zh-stub" }, version: "0.0.1" }],
             translations: { vscode: zhPack }, label: "中文(简体)" },
}));
const zhPort = await freePort();
const zhServer = process.env.E2E_PART && process.env.E2E_PART !== part ? undefined : spawn(codeServer,
  ["--user-data-dir", zhData, "--extensions-dir", extensions, ...PROPOSED, "--locale", "zh-cn", "--auth", "none",
   "--bind-addr", `127.0.0.1:${zhPort}`, "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", workspace],
  { env, stdio: ["ignore", "pipe", "pipe"] });
zhServer?.stdout.on("data", (chunk) => { serverLog += chunk; });
zhServer?.stderr.on("data", (chunk) => { serverLog += chunk; });

/** The workspace's own setting of profileMemory.messageLanguage (none: the user's, `auto`). */
function setMessageLanguage(language) {
  mkdirSync(join(workspace, ".vscode"), { recursive: true });
  writeFileSync(join(workspace, ".vscode", "settings.json"), JSON.stringify(language ? { "profileMemory.messageLanguage": language } : {}));
}

await check("with the display language zh-cn, the extension's views, rows and status bar are Chinese", async () => {
  setMessageLanguage(undefined);
  await openWorkbench(zhPort, "the zh-cn code-server to listen");
  await openFile("user-profile.md");
  await page.locator('.activitybar [aria-label^="Profile Memory"]').first().click();
  await waitFor(async () => (await text(".sidebar")).includes("待确认"), "the view names in Chinese (package.nls.zh-cn.json)");
  await waitFor(async () => / 行 · ≈[\d,]+\/[\d,]+ token/.test(await text(".sidebar")), "a pair's lines and tokens in Chinese (bundle.l10n.zh-cn.json)");
  const sidebar = await text(".sidebar");
  for (const expected of ["画像", "待确认", "历史", "智能体记忆", "个条目", "偏好 React + Next.js 全栈开发"]) {
    if (!sidebar.includes(expected)) throw new Error(`the view lacks ${expected}: ${sidebar.slice(0, 400)}`);
  }
  await waitFor(async () => / · ≈[\d,]+\/[\d,]+ token/.test(await text(".statusbar")), "the status bar item in Chinese");
  // docs/images/zh-ui.png: the Profile Memory view and the status bar item, without toasts
  await runCommand("Notifications: Clear All Notifications");
  await waitFor(async () => (await page.locator(".notifications-toasts .notification-toast").count()) === 0, "no toast");
  await page.mouse.move(900, 500); // no hover of the activity bar's icon over the rows
  await page.screenshot({ path: join(artifacts, "zh-ui.png"), clip: { x: 0, y: 0, width: 352, height: 1000 } });
});

await check("the command palette lists the commands in Chinese", async () => {
  await page.keyboard.press("F1");
  await page.keyboard.type("Profile Memory: 追溯");
  await waitFor(async () => (await text(".quick-input-list")).includes("Profile Memory: 追溯锚点"), "the Chinese command title");
  await page.screenshot({ path: join(artifacts, "zh-commands.png") });
});

await check("messageLanguage en switches the extension's texts to English without a reload, and back", async () => {
  setMessageLanguage("en");
  await waitFor(async () => /lines \d+\/\d+ · ≈/.test(await text(".sidebar")), "the rows in English");
  setMessageLanguage(undefined);
  await waitFor(async () => / 行 · ≈/.test(await text(".sidebar")), "the rows in Chinese again");
});

zhServer?.kill();
setMessageLanguage(undefined);

part = "first-run";

// -- A first run with no server anywhere: the offer, a failed install that says why, and the
// recovery from the status bar without a reload (the real install downloads from PyPI).
const freshData = join(root, "fresh-user-data");
const freshExtensions = join(root, "fresh-extensions");
for (const folder of [join(freshData, "User"), freshExtensions]) mkdirSync(folder, { recursive: true });
writeSettings(freshData, {});
const freshBase = ["--user-data-dir", freshData, "--extensions-dir", freshExtensions];
const noPmemPath = (process.env.PATH ?? "").split(":").filter((dir) => !existsSync(join(dir, "pmem"))).join(":");
const freshEnv = { ...env, PATH: noPmemPath };
execFileSync(codeServer, [...freshBase, "--install-extension", vsix], { env: freshEnv, stdio: "ignore" });
const freshPort = await freePort();
enableMcpApi(freshExtensions);
const freshServer = spawn(codeServer, [...freshBase, ...PROPOSED, "--auth", "none", "--bind-addr", `127.0.0.1:${freshPort}`,
  "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", workspace], { env: freshEnv, stdio: "ignore" });
page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });

async function clickNotificationButton(label, timeout = 30_000) {
  const button = page.locator(".notifications-toasts .monaco-button", { hasText: label }).first();
  await button.waitFor({ timeout });
  await button.click();
}

await check("an install offer nobody answers leaves a status item that brings it back", async () => {
  await openWorkbench(freshPort, "the second code-server to listen");
  await openFile("user-profile.md");
  await page.locator(".notifications-toasts .monaco-button", { hasText: "Install server" }).first().waitFor({ timeout: 30_000 });
  const pmemHint = await text(".notifications-toasts");
  if (!pmemHint.includes("profileMemory.server.command") || !pmemHint.includes("login shell")) throw new Error(`the offer does not say how to point at a pmem: ${pmemHint}`);
  // nobody answers: the toast slides into the notification centre; the status item is there meanwhile
  await waitFor(async () => (await text(".statusbar")).includes("server not installed"), "the not-installed status item", 25_000);
  await waitFor(async () => (await page.locator(".notifications-toasts .monaco-button", { hasText: "Install server" }).count()) === 0,
                "the unanswered toast to leave", 30_000).catch(() => page.keyboard.press("Escape"));
  await page.locator(".statusbar-item", { hasText: "server not installed" }).first().click();
  await page.locator(".notifications-toasts .monaco-button", { hasText: "Install server" }).first().waitFor({ timeout: 10_000 });
});

await check("a first run offers the server, and a failed install says why", async () => {
  await clickNotificationButton("Install server");
  await page.waitForSelector(".quick-input-widget", { timeout: 10_000 });
  await page.keyboard.type("Enter the path");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(500);
  await page.keyboard.type("/nope/python3");
  await page.keyboard.press("Enter");
  await waitFor(async () => (await text(".notifications-toasts")).includes("/nope/python3 was not found"),
                "the reason in the failure notification");
  await waitFor(async () => (await text(".statusbar")).includes("server not installed"), "the status bar to say so");
});

await check("the status bar brings the offer back and the install works without a reload", async () => {
  await page.locator(".statusbar-item", { hasText: "server not installed" }).first().click();
  await clickNotificationButton("Install server");
  await page.waitForSelector(".quick-input-widget", { timeout: 10_000 });
  await page.keyboard.press("Enter"); // the first interpreter offered: python3 on PATH
  await waitFor(async () => !(await text(".statusbar")).includes("server not"), "the installed server to start", 240_000);
  await waitFor(async () => (await text(".notifications-toasts, .notifications-center")).includes("the language server is installed in"), "the install to say where the server lives");
  await openFile("user-profile.md");
  await hoverRecord();
});

await check("the installed server carries the MCP extra and is offered to the agent mode", async () => {
  const venv = join(freshData, "User", "globalStorage", EXTENSION_ID, "venv");
  execFileSync(join(venv, "bin", "python"), ["-c", "import mcp"]); // throws when the extra is missing
  const offered = `Offered to VS Code's agent mode: ${join(venv, "bin", "pmem")} mcp --project ${workspace}`;
  await waitFor(async () => extensionLog(freshData).includes(offered), "the private pmem offered once installed");
});

// The setting changed while a server runs: the new command is used at once (here a wrong one,
// which the failure names); fixed, the server starts with it, without Restart Server or a reload.
// (in the workspace's settings: a change there is seen by the file watcher at once)
function setServerCommand(command) {
  mkdirSync(join(workspace, ".vscode"), { recursive: true });
  writeFileSync(join(workspace, ".vscode", "settings.json"), JSON.stringify({ "profileMemory.server.command": command }));
}
const marker = join(root, "wrapper-ran");
const wrapper = join(root, "pmem-wrapper.sh");
writeFileSync(wrapper, `#!/bin/sh\ntouch '${marker}'\nexec '${python}' -m profile_memory serve\n`, { mode: 0o755 });

await check("a wrong server.command is named, and fixing the setting starts the server", async () => {
  setServerCommand(["/nonexistent/pmem", "serve"]);
  await waitFor(async () => (await text(".notifications-toasts")).includes("/nonexistent/pmem serve (profileMemory.server.command) failed"),
                "the failure naming the command");
  await waitFor(async () => (await text(".statusbar")).includes("server not running"), "the status item after the failed start");
  setServerCommand([wrapper]);
  await waitFor(async () => existsSync(marker), "the changed command to be started");
  await waitFor(async () => !(await text(".statusbar")).includes("server not running"), "the server to run with the fixed setting", 60_000);
  await openFile("project-profile.md");
  await openFile("user-profile.md");
  await hoverRecord();
});

await check("restart server works after a failed start and uses the current setting", async () => {
  setServerCommand(["/nonexistent/pmem", "serve"]);
  await waitFor(async () => (await text(".statusbar")).includes("server not running"), "the failed start");
  await runCommand("Profile Memory: Restart Server"); // from a failed start: it tries again, not “can't be stopped”
  await waitFor(async () => (await text(".notifications-toasts")).includes("/nonexistent/pmem serve"), "the failure named again");
  rmSync(marker, { force: true });
  setServerCommand([wrapper]);
  await waitFor(async () => existsSync(marker) && !(await text(".statusbar")).includes("server not running"), "the server to run again", 60_000);
});

await browser.close();
freshServer.kill();
if (failedSteps === 0) {
  console.log(`# screenshots are in ${artifacts}`);
  rmSync(root, { recursive: true, force: true });
} else {
  writeFileSync(join(artifacts, "code-server.log"), serverLog);
  console.log(`# screenshots and code-server.log are in ${artifacts}`);
}
console.log(`e2e: ${step - failedSteps} passed, ${failedSteps} failed`);
if (failedSteps) process.exit(1);
