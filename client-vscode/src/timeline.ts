// An id's history as a page to read (Show History): each record of the id and of the ids its
// pivots link, oldest first, with its fields under the names the log writes, and a link that
// opens the record's line. Pure: the view puts the HTML into a webview. The webview runs no script
// and cannot call vscode.l10n: its texts are put in here, in the extension, through l10n.t.

import { l10n } from "./l10n";

export interface TimelineRecord {
  id: string;
  date: string;
  operation: string;
  title: string;
  uri: string;
  line: number; // 0-based, the heading
  pair: string;
  fields?: Record<string, string>;
  labels?: Record<string, string>; // a field's key as the log writes it (精简版)
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function fileName(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf("/") + 1));
}

/** A link that runs `profileMemory.openAt(uri, line)`: the webview allows command links only. */
export function openLink(uri: string, line: number): string {
  return `command:profileMemory.openAt?${encodeURIComponent(JSON.stringify([uri, line]))}`;
}

export function timelineHtml(id: string, records: TimelineRecord[], cspSource: string): string {
  const body = records.length === 0
    ? `<p>${escape(l10n.t("No log record of this id."))}</p>`
    : records.map((record) => {
        const fields = Object.entries(record.fields ?? {}).map(([key, value]) =>
          `<dt>${escape(record.labels?.[key] ?? key)}</dt><dd>${escape(value)}</dd>`).join("");
        const where = `${fileName(record.uri)}:${record.line + 1}`;
        return `<section aria-label="${escape(`${record.date} ${record.operation} ${record.id}`)}">
<h2><a href="${openLink(record.uri, record.line)}" title="${escape(l10n.t("Open {0}", where))}">${escape(record.date)} · ${escape(record.operation)} · ${escape(record.id)}</a></h2>
<p class="title">${escape(record.title)}</p>
${fields ? `<dl>${fields}</dl>` : ""}
<p class="where"><a href="${openLink(record.uri, record.line)}">${escape(where)}</a> · ${escape(record.pair)}</p>
</section>`;
      }).join("\n");
  return `<!DOCTYPE html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'unsafe-inline';">
<title>${escape(id)}</title>
<style>
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1.5em; line-height: 1.5; }
section { border-left: 3px solid var(--vscode-textLink-foreground); padding: 0.2em 1em; margin: 1em 0; }
h2 { font-size: 1.05em; margin: 0.4em 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1em; margin: 0.5em 0; }
dt { color: var(--vscode-descriptionForeground); }
dd { margin: 0; white-space: pre-wrap; }
.where { font-size: 0.9em; color: var(--vscode-descriptionForeground); }
a { color: var(--vscode-textLink-foreground); }
</style>
</head>
<body>
<h1>${escape(id)}</h1>
${body}
</body>
</html>`;
}
