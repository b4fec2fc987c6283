// The page of `awaw serve`: plain JavaScript, no build step. The server validates, solves, checks
// and lays out the tables; this script only sends the editor's text and the objective controls,
// shows what comes back, and encodes the scenario and objective in the share link's fragment.
"use strict";

const editor = document.getElementById("editor");
const gutter = document.getElementById("gutter");
const bundled = document.getElementById("bundled");
const upload = document.getElementById("upload");
const fileName = document.getElementById("file-name");
const validity = document.getElementById("validity");
const errors = document.getElementById("errors");
const problemList = document.getElementById("problems");
const errorText = document.getElementById("error-text");
const options = document.getElementById("options");
const statusLine = document.getElementById("status");
const planDiv = document.getElementById("plan");
const jsonButton = document.getElementById("download-json");
const ordersButton = document.getElementById("download-orders");
const shareButton = document.getElementById("share");
const shareLink = document.getElementById("share-link");
const maxBody = Number(document.body.dataset.maxBody);

let planJson = "";
let sheetHtml = "";
let validateTimer = null;
let planRequest = 0;
let problemLines = new Map();

function currentFile() {
  return fileName.textContent || "scenario.yaml";
}

function drawGutter() {
  const count = editor.value.split("\n").length;
  const lines = [];
  for (let i = 1; i <= count; i++) {
    const problem = problemLines.get(i);
    lines.push(problem ? `${i} ⚠ ${problem}` : String(i));
  }
  gutter.textContent = lines.join("\n");
}

// Problems beside their lines: the gutter marks the line, the list names line, field and problem
// in the CLI's words, and the CLI's whole message shows below.
function showProblems(problems, message) {
  problemLines = new Map();
  problemList.replaceChildren();
  for (const p of problems) {
    const li = document.createElement("li");
    const where = p.line ? `line ${p.line}: ` : "";
    li.textContent = where + (p.field ? `${p.field}: ${p.problem}` : p.problem);
    if (p.line) {
      li.dataset.line = String(p.line);
      li.addEventListener("click", () => goToLine(p.line));
      if (!problemLines.has(p.line)) problemLines.set(p.line, p.field ? `${p.field}: ${p.problem}` : p.problem);
    }
    problemList.append(li);
  }
  errorText.textContent = message || "";
  errors.hidden = problems.length === 0 && !message;
  drawGutter();
}

function goToLine(line) {
  const lines = editor.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  editor.focus();
  editor.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

async function postJson(url, body) {
  const text = JSON.stringify(body);
  if (new Blob([text]).size > maxBody) {
    return { status: 413, data: { error: document.body.dataset.tooLarge } };
  }
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: text,
  });
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `the server answered ${response.status}` };
  }
  return { status: response.status, data };
}

function readOptions() {
  const form = new FormData(options);
  const out = {};
  for (const key of ["preset", "values", "minimum", "reserve"]) {
    const value = String(form.get(key) || "").trim();
    if (value) out[key] = value;
  }
  for (const key of ["unspent_value", "oil_value", "discount"]) {
    const value = String(form.get(key) || "").trim();
    if (value !== "") out[key] = Number(value);
  }
  const horizon = String(form.get("horizon") || "").trim();
  if (horizon !== "") out.horizon = Number.parseInt(horizon, 10);
  return out;
}

function writeOptions(values) {
  for (const element of options.elements) {
    if (element.name) element.value = values[element.name] !== undefined ? String(values[element.name]) : "";
  }
}

async function validate() {
  const { status, data } = await postJson("/api/validate", { yaml: editor.value, file: currentFile() });
  if (status !== 200) {
    validity.textContent = "";
    showProblems([], data.error);
    return false;
  }
  validity.textContent = data.ok ? "valid" : "invalid";
  validity.className = data.ok ? "ok" : "bad";
  showProblems(data.problems, data.ok ? "" : data.error);
  return data.ok;
}

async function plan() {
  const request = ++planRequest;
  statusLine.textContent = "Planning…";
  statusLine.className = "busy";
  const asked = { yaml: editor.value, file: currentFile(), options: readOptions() };
  const { status, data } = await awawPlan(asked, postJson); // progress.js: progress and Cancel
  if (request !== planRequest) return; // a newer plan was asked for meanwhile
  if (status !== 200) {
    statusLine.textContent = status === 422 ? "Bad input: see the problems beside the scenario." : data.error;
    statusLine.className = "bad";
    if (data.problems) showProblems(data.problems, data.error);
    return;
  }
  planDiv.innerHTML = data.html; // rendered by the server's templates, every text escaped
  planJson = data.plan;
  sheetHtml = data.sheet || "";
  jsonButton.disabled = ordersButton.disabled = !planJson;
  statusLine.textContent = `Planned: status ${data.status}` +
    (data.objective !== null ? `, objective ${data.objective}` : "");
  statusLine.className = data.plan ? "ok" : "bad";
  statusLine.dataset.status = data.status;
  if (data.plan) checkPlan(request, { ...asked, plan: data.plan });
}

// The independent checker's verdict on the plan shown (`awaw check`), asked once the plan shows.
async function checkPlan(request, body) {
  const { status, data } = await postJson("/api/check", body);
  const verdict = document.getElementById("verdict");
  if (request !== planRequest || !verdict) return;
  if (status !== 200) {
    verdict.textContent = `The plan could not be checked: ${data.error}`;
    verdict.className = "violations";
    return;
  }
  if (data.legal) {
    verdict.textContent =
      "The independent checker finds the plan legal (rules 27 and 40) and meeting the scenario's requirements.";
    verdict.className = "checked";
    return;
  }
  verdict.textContent = "The independent checker finds:";
  const list = document.createElement("ul");
  for (const line of data.violations) {
    const item = document.createElement("li");
    item.textContent = line;
    list.append(item);
  }
  verdict.append(list);
  verdict.className = "violations";
}

function scheduleValidate() {
  drawGutter();
  clearTimeout(validateTimer);
  validateTimer = setTimeout(async () => {
    if (await validate()) plan();
  }, 400);
}

function download(name, type, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function baseName() {
  return currentFile().replace(/\.(ya?ml)$/i, "") || "scenario";
}

// The order sheet is the server's (`optimizer.render.sheet`, the page `awaw plan --sheet --format html` prints).
function orderSheet() {
  return sheetHtml;
}

// Share: {yaml, file, options} as JSON, compressed with zlib (deflate) and written base64url in the
// fragment, which browsers never send to a server: nothing is stored anywhere.
async function compress(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function decompress(code) {
  const base64 = code.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return await new Response(stream).text();
}

async function share() {
  const state = JSON.stringify({ yaml: editor.value, file: currentFile(), options: readOptions() });
  const url = `${location.origin}${location.pathname}#s=${await compress(state)}`;
  shareLink.hidden = false;
  shareLink.value = url;
  shareLink.select();
  history.replaceState(null, "", url);
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    // the link stays selected for copying by hand
  }
}

async function loadShared() {
  const match = location.hash.match(/^#s=([A-Za-z0-9_-]+)$/);
  if (!match) return false;
  try {
    const state = JSON.parse(await decompress(match[1]));
    editor.value = String(state.yaml || "");
    fileName.textContent = String(state.file || "scenario.yaml");
    writeOptions(state.options || {});
    bundled.value = "";
    return true;
  } catch {
    showProblems([], "the share link could not be read: it is cut short or was changed");
    return false;
  }
}

async function chooseBundled() {
  const name = bundled.value;
  const response = await fetch(`/api/scenarios/${encodeURIComponent(name)}`);
  const data = await response.json();
  if (!response.ok) {
    showProblems([], data.error);
    return;
  }
  editor.value = data.yaml;
  fileName.textContent = data.name;
  if (await validate()) plan();
}

async function uploadFile() {
  const file = upload.files[0];
  if (!file) return;
  const form = new FormData();
  form.append("file", file);
  let data;
  let status;
  try {
    const response = await fetch("/api/upload", { method: "POST", body: form });
    status = response.status;
    data = await response.json();
  } catch {
    status = 413;
    data = { error: document.body.dataset.tooLarge };
  }
  upload.value = "";
  if (status !== 200) {
    statusLine.textContent = `${file.name}: ${data.error}`;
    statusLine.className = "bad";
    showProblems(data.problems || [], `${file.name}: ${data.error}`);
    return;
  }
  editor.value = data.yaml;
  fileName.textContent = data.name;
  bundled.value = "";
  validity.textContent = data.ok ? "valid" : "invalid";
  validity.className = data.ok ? "ok" : "bad";
  showProblems(data.problems, data.ok ? "" : data.error);
  if (data.ok) plan();
}

editor.addEventListener("input", scheduleValidate);
editor.addEventListener("scroll", () => {
  gutter.scrollTop = editor.scrollTop;
});
bundled.addEventListener("change", chooseBundled);
upload.addEventListener("change", uploadFile);
options.addEventListener("submit", (event) => {
  event.preventDefault();
  plan();
});
options.addEventListener("change", () => plan());
jsonButton.addEventListener("click", () => download(`${baseName()}-plan.json`, "application/json", planJson));
ordersButton.addEventListener("click", () => download(`${baseName()}-orders.html`, "text/html", orderSheet()));
shareButton.addEventListener("click", share);

// The first check and plan are asked for once the page has painted (the frame after the first, or
// 250 ms in a tab that draws no frames): the server loads its solver with that first request.
function afterPaint() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

(async () => {
  await loadShared();
  drawGutter();
  await afterPaint();
  if (await validate()) plan();
})();
