// What package.json shows a person: the icons of the Pending view's actions, where Show History
// is offered in the editor, and the package's face on the Marketplace (icon, repository, …).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

const manifest = JSON.parse(readFileSync("package.json", "utf-8"));
const icon = (command: string) => manifest.contributes.commands.find((c: { command: string }) => c.command === command)?.icon;

test("the Pending view's buttons: Confirm a check, Keep Both two files (not the split-editor icon), Discard a cross", () => {
  assert.equal(icon("profileMemory.confirmProposal"), "$(check)");
  assert.equal(icon("profileMemory.keepBothProposal"), "$(files)");
  assert.equal(icon("profileMemory.discardProposal"), "$(close)");
  const icons = manifest.contributes.commands.map((c: { icon?: string }) => c.icon);
  assert.ok(!icons.includes("$(split-horizontal)") && !icons.includes("$(split-vertical)"));
});

test("Show History in the title bar of a profile or log and in the context menu of the memory files", () => {
  const when = (menu: string) => new RegExp(
    /resourceFilename =~ \/(.*)\/i$/.exec(manifest.contributes.menus[menu].find((m: { command: string }) => m.command === "profileMemory.showHistory").when)![1]
      .replaceAll("\\\\", "\\"), "i");
  for (const name of ["user-profile.md", "project-profile.md", "user-profile-log.md", "Project-Profile-Log.md"]) {
    assert.ok(when("editor/title").test(name), name);
    assert.ok(when("editor/context").test(name), name);
  }
  assert.ok(when("editor/context").test("profile-pending.md"));
  for (const name of ["README.md", "profile.md", "user-profile.md.bak", "notes-profile.txt"]) {
    assert.ok(!when("editor/title").test(name), name);
    assert.ok(!when("editor/context").test(name), name);
  }
});

test("the package's face: a 128×128 PNG icon that is packed, repository, bugs, homepage, banner, keywords", () => {
  const png = readFileSync(manifest.icon);
  assert.equal(png.subarray(1, 4).toString(), "PNG");
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  assert.ok(readFileSync(".vscodeignore", "utf-8").split("\n").includes(`!${manifest.icon}`));
  for (const key of ["repository", "bugs", "homepage", "galleryBanner", "keywords", "categories"]) {
    assert.ok(manifest[key], key);
  }
  assert.match(manifest.repository.url, /^https:\/\//);
  assert.ok(manifest.keywords.length <= 30); // the Marketplace's limit
  assert.ok(existsSync("CHANGELOG.md") && existsSync("README.md"));
});
