// The page of `awaw serve`: plain JavaScript, no build step, in three scripts sharing the page's
// globals: this one (the editor, validation, planning, the state shown, the share link), form.js (the
// position form) and whatif.js (the what-ifs and the comparison). The server validates, solves, checks
// and lays out the tables; this script sends the editor's text, the planner and the objective
// controls, shows what comes back, keeps the position form and the YAML in step, asks the what-ifs,
// and encodes the scenario in the share link's fragment. No user text goes through innerHTML: only
// the server's templates (every text escaped there) are set as HTML.
//
// State never lies: a plan on screen belongs to the inputs it was planned for (`shown.key`); when the
// inputs differ from them, the plan is marked old and its downloads are off (`markFreshness`).
"use strict";

const $ = (id) => document.getElementById(id);
const editor = $("editor");
const gutter = $("gutter");
const bundled = $("bundled");
const upload = $("upload");
const plannerSelect = $("planner");
const plannerHint = $("planner-hint");
const fileName = $("file-name");
const validity = $("validity");
const errors = $("errors");
const problemList = $("problems");
const errorText = $("error-text");
const options = $("options");
const optionFields = $("options-fields");
const optionsHint = $("options-hint");
const optionErrors = $("option-errors");
const statusLine = $("status");
const staleNote = $("stale");
const planDiv = $("plan");
const jsonButton = $("download-json");
const ordersButton = $("download-orders");
const shareButton = $("share");
const shareLink = $("share-link");
const notice = $("notice");
const noticeText = $("notice-text");
const maxBody = Number(document.body.dataset.maxBody);
const MAX_LINK = Math.ceil((maxBody * 4) / 3) + 16; // a share link of a body's size, base64: no longer
const OPTION_LABELS = {
  preset: "Preset",
  values: "Values per factor",
  minimum: "Minimum builds",
  reserve: "Reserve",
  unspent_value: "Value of an unspent BRP",
  oil_value: "Value of an oil counter kept",
  horizon: "Horizon (turns)",
  discount: "Discount a turn",
};

let shown = null; // {key, plan, sheet, planner, file}: the plan on screen and the inputs it is for
let validateTimer = null;
let planRequest = 0;
let formRequest = 0;
let problemLines = new Map();

function currentFile() {
  return fileName.textContent || "scenario.yaml";
}

function wrap(tag, ...children) {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
}

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  return node;
}

// --- the notice: messages that stay until dismissed (a broken share link, controls cleared) ---------

function showNotice(text) {
  noticeText.textContent = text;
  notice.hidden = false;
}

$("notice-close").addEventListener("click", () => {
  notice.hidden = true;
});

// --- the editor, its gutter and its problems ---------------------------------------------------------

// The gutter holds line numbers and a mark on each line with a problem; the problems themselves are
// listed below the editor in the CLI's words, so the gutter keeps its width.
function drawGutter() {
  const count = editor.value.split("\n").length;
  const lines = [];
  for (let i = 1; i <= count; i++) lines.push(problemLines.has(i) ? `${i} ⚠` : String(i));
  gutter.textContent = lines.join("\n");
  gutter.scrollTop = editor.scrollTop;
}

function showProblems(problems, message) {
  problemLines = new Map();
  problemList.replaceChildren();
  for (const p of problems) {
    const text = p.field ? `${p.field}: ${p.problem}` : p.problem;
    const li = el("li", (p.line ? `line ${p.line}: ` : "") + text);
    if (p.line) {
      li.dataset.line = String(p.line);
      li.addEventListener("click", () => goToLine(p.line));
      if (!problemLines.has(p.line)) problemLines.set(p.line, text);
    }
    problemList.append(li);
  }
  errorText.textContent = message || "";
  errors.hidden = problems.length === 0 && !message;
  drawGutter();
}

function showBox(box, message, problems) {
  box.replaceChildren();
  if (!message && !(problems && problems.length)) {
    box.hidden = true;
    return;
  }
  const list = el("ul");
  for (const p of problems || []) list.append(el("li", p.field ? `${p.field}: ${p.problem}` : p.problem));
  if (list.children.length) box.append(list);
  else box.append(el("p", message));
  box.hidden = false;
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
  let response;
  try {
    response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  } catch {
    return { status: 0, data: { error: "the server did not answer: is `awaw serve` still running?" } };
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `the server answered ${response.status}` };
  }
  return { status: response.status, data };
}

// --- the inputs, and whether what is shown is for them -----------------------------------------------

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
  for (const element of optionFields.elements) {
    if (element.name) element.value = values[element.name] !== undefined ? String(values[element.name]) : "";
  }
}

function inputs() {
  const body = { yaml: editor.value, file: currentFile(), options: readOptions() };
  if (plannerSelect.value) body.planner = plannerSelect.value;
  return body;
}

function inputsKey() {
  const { yaml, file, options: controls, planner } = inputs();
  return JSON.stringify([yaml, file, planner || "", controls]);
}

// A plan, what-if or comparison is fresh while the inputs are those it was asked for; otherwise it is
// marked old (a banner and a grey wash) and its downloads are off.
function markFreshness() {
  const key = inputsKey();
  const fresh = shown !== null && shown.key === key;
  planDiv.classList.toggle("old", shown !== null && !fresh);
  staleNote.hidden = shown === null || fresh;
  jsonButton.disabled = !fresh || !shown.plan;
  ordersButton.disabled = !fresh || !shown.sheet;
  // The buttons beside the plan's lines ask about lines of the plan shown: off while it is old.
  for (const button of document.querySelectorAll("#plan td.ask button, #lines button")) button.disabled = !fresh;
  markAnswersFreshness(key); // the what-if and comparison shown (whatif.js)
}

function setStatus(text, kind) {
  statusLine.textContent = text;
  statusLine.className = kind;
}

// --- validation, the planner choice and controls that do not apply -----------------------------------

function showPlanners(planners) {
  const chosen = plannerSelect.value;
  plannerSelect.replaceChildren(el("option", "the scenario's", { value: "" }));
  for (const p of planners || []) plannerSelect.append(el("option", `awaw ${p.name}: ${p.title}`, { value: p.name }));
  plannerSelect.value = [...plannerSelect.options].some((o) => o.value === chosen) ? chosen : "";
  const using = (planners || [])[0];
  plannerHint.textContent = using ? `Planned by awaw ${using.name}, the ${using.title}.` : "";
  const turn = !using || using.name === "plan";
  optionFields.disabled = !turn;
  optionsHint.textContent = turn
    ? "Each control, when set, overrides the scenario as the option of the same name of awaw plan does."
    : `The controls are awaw plan's options: they do not apply to the ${using.title}.`;
}

async function validate() {
  const { status, data } = await postJson("/api/validate", inputs());
  if (status !== 200) {
    validity.textContent = "";
    showProblems([], data.error);
    return null;
  }
  validity.textContent = data.ok ? "valid" : "invalid";
  validity.className = data.ok ? "ok" : "bad";
  showProblems(data.problems, data.ok ? "" : data.error);
  showSwLines(data.ok ? data.sw_lines : []); // whatif.js
  if (data.ok) {
    showPlanners(data.planners);
  } else {
    setStatus("No plan: the scenario has problems, listed beside the editor.", "bad");
    markFreshness();
  }
  return data;
}

// After another scenario is picked or uploaded: the controls set that do not apply to it are cleared,
// each named in a note with why.
function clearInapplicable(data) {
  const cleared = [];
  const current = readOptions();
  for (const [name, why] of Object.entries((data && data.option_problems) || {})) {
    if (current[name] === undefined) continue;
    cleared.push(`${OPTION_LABELS[name] || name} "${current[name]}" (${why})`);
    delete current[name];
  }
  if (!cleared.length) return;
  writeOptions(current);
  showNotice(`Cleared for ${currentFile()}, where they do not apply: ${cleared.join("; ")}.`);
}

// --- planning -----------------------------------------------------------------------------------------

function routeError(data) {
  const source = data.source || "";
  if (source === "objective controls" || source === "planner") {
    showBox(optionErrors, data.error, data.problems);
  } else if (data.problems) {
    showProblems(data.problems, data.error);
  }
}

async function plan() {
  const request = ++planRequest;
  const old = shown !== null && shown.key !== inputsKey();
  setStatus(old ? "Planning… (the plan below is the last one, for other inputs)" : "Planning…", "busy");
  markFreshness();
  const body = inputs();
  const key = inputsKey();
  const { status, data } = await awawPlan(body, postJson); // progress.js: progress and Cancel
  if (request !== planRequest) return; // a newer plan was asked for meanwhile
  if (status !== 200) {
    const where = data.source === "objective controls" || data.source === "planner" ? "the controls" : "the scenario";
    const what = status === 422 ? `${String(data.error).split("\n")[0]} (see ${where})` : data.error;
    setStatus(`No plan: ${what}`, "bad");
    routeError(data);
    markFreshness();
    return;
  }
  planDiv.innerHTML = data.html; // rendered by the server's templates, every text escaped
  shown = { key, plan: data.plan, sheet: data.sheet || "", planner: data.planner, file: currentFile() };
  showProblems([], "");
  showBox(optionErrors, "");
  setStatus(
    `Planned: status ${data.status}` + (data.objective !== null ? `, objective ${data.objective}` : ""),
    data.plan ? "ok" : "bad",
  );
  statusLine.dataset.status = data.status;
  statusLine.dataset.planner = data.planner;
  markFreshness();
  showLines();
  if (data.plan) checkPlan(request, { ...body, plan: data.plan });
}

// The independent checker's verdict on the plan shown, asked once the plan shows.
async function checkPlan(request, body) {
  const { status, data } = await postJson("/api/check", body);
  const verdict = $("verdict");
  if (request !== planRequest || !verdict) return;
  if (status !== 200) {
    verdict.textContent = `The plan could not be checked: ${data.error}`;
    verdict.className = "violations";
    return;
  }
  if (data.legal) {
    verdict.textContent = `The independent checker finds ${data.says}.`;
    verdict.className = "checked";
    return;
  }
  verdict.textContent = "The independent checker finds:";
  const list = el("ul");
  for (const line of data.violations) list.append(el("li", line));
  verdict.append(list);
  verdict.className = "violations";
}

function scheduleValidate() {
  drawGutter();
  markFreshness();
  clearTimeout(validateTimer);
  validateTimer = setTimeout(async () => {
    refreshForm();
    const data = await validate();
    if (data && data.ok) plan();
  }, 400);
}

// --- downloads and the share link -----------------------------------------------------------------------

function download(name, type, text) {
  const link = el("a", null, { download: name });
  link.href = URL.createObjectURL(new Blob([text], { type }));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function baseName(file) {
  return (file || currentFile()).split("/").pop().replace(/\.(ya?ml)$/i, "") || "scenario";
}

async function compress(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

// Unpacked at most `limit` bytes: a link that unpacks to more is refused, not read to the end.
async function decompress(code, limit) {
  const base64 = code.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel();
      throw new RangeError("too large");
    }
    parts.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(parts).arrayBuffer());
}

async function share() {
  const { yaml, file, options: controls, planner } = inputs();
  const state = JSON.stringify({ yaml, file, options: controls, planner: planner || "" });
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

// A share link opens its scenario; a broken one (cut, garbled, oversized) says so in the notice, which
// stays until dismissed, and the page opens the default scenario.
async function loadShared() {
  const hash = location.hash;
  if (!hash.startsWith("#s=")) return false;
  const code = hash.slice(3);
  const broken = (why) => {
    showNotice(`The share link could not be opened: ${why}. The bundled default scenario is shown instead.`);
    return false;
  };
  if (code.length > MAX_LINK) return broken(`it is too long (${code.length} characters; a link of this page has at most ${MAX_LINK})`);
  if (!/^[A-Za-z0-9_-]+$/.test(code)) return broken("it is garbled (it holds characters a share link never has)");
  let state;
  try {
    state = JSON.parse(await decompress(code, maxBody));
  } catch (error) {
    if (error instanceof RangeError) return broken(`it unpacks to more than ${maxBody} bytes, more than the server reads`);
    return broken("it is cut short or was changed (it does not unpack)");
  }
  if (!state || typeof state !== "object" || typeof state.yaml !== "string") {
    return broken("it holds no scenario (it is not a share link of this page)");
  }
  editor.value = state.yaml;
  fileName.textContent = String(state.file || "scenario.yaml").slice(0, 200);
  writeOptions(state.options && typeof state.options === "object" ? state.options : {});
  if (typeof state.planner === "string" && state.planner) {
    plannerSelect.append(el("option", state.planner, { value: state.planner }));
    plannerSelect.value = state.planner;
  }
  bundled.value = "";
  return true;
}

// --- picking a scenario ----------------------------------------------------------------------------------

async function scenarioChanged() {
  notice.hidden = true; // a note about the scenario before is not about this one
  plannerSelect.value = "";
  clearAsked(); // the decisions asked name the old scenario's entries (whatif.js)
  drawGutter();
  markFreshness();
  refreshForm();
  const data = await validate();
  if (!data || !data.ok) return;
  clearInapplicable(data);
  plan();
}

async function chooseBundled() {
  const name = bundled.value;
  let response;
  let data;
  try {
    response = await fetch(`/api/scenarios/${encodeURIComponent(name)}`);
    data = await response.json();
  } catch {
    setStatus("The server did not answer.", "bad");
    return;
  }
  if (!response.ok) {
    showProblems([], data.error);
    return;
  }
  editor.value = data.yaml;
  fileName.textContent = data.name;
  await scenarioChanged();
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
    setStatus(`${file.name}: ${data.error}`, "bad");
    showProblems(data.problems || [], `${file.name}: ${data.error}`);
    markFreshness();
    return;
  }
  editor.value = data.yaml;
  fileName.textContent = data.name;
  bundled.value = "";
  await scenarioChanged();
}

// --- wiring ----------------------------------------------------------------------------------------------

editor.addEventListener("input", scheduleValidate);
editor.addEventListener("scroll", () => {
  gutter.scrollTop = editor.scrollTop;
});
bundled.addEventListener("change", chooseBundled);
upload.addEventListener("change", uploadFile);
plannerSelect.addEventListener("change", async () => {
  markFreshness();
  const data = await validate();
  if (data && data.ok) plan();
});
options.addEventListener("submit", (event) => {
  event.preventDefault();
  plan();
});
options.addEventListener("input", markFreshness);
options.addEventListener("change", () => plan());
jsonButton.addEventListener("click", () => {
  if (!jsonButton.disabled) download(`${baseName(shown.file)}-plan.json`, "application/json", shown.plan);
});
ordersButton.addEventListener("click", () => {
  if (!ordersButton.disabled) download(`${baseName(shown.file)}-orders.html`, "text/html", shown.sheet);
});
shareButton.addEventListener("click", share);
// The first check and plan are asked for once the page has painted (the frame after the first, or
// 250 ms in a tab that draws no frames): the server loads its solver with that first request.
function afterPaint() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

// Started once every script of the page has run (form.js and whatif.js follow this one).
document.addEventListener("DOMContentLoaded", async () => {
  await loadShared();
  drawGutter();
  await afterPaint();
  refreshForm();
  const data = await validate();
  if (data && data.ok) plan();
});
