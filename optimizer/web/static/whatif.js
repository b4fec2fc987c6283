// The what-ifs and the comparison of `awaw serve`'s page (after app.js, whose helpers and state it
// uses): asked of the scenario and options shown, answered by the server as `awaw plan --fix/--forbid/
// --why/--why-not/--alternatives` and `awaw compare` answer; the answers' HTML is the server's
// templates (every text escaped there).
"use strict";

const whatifSection = $("whatif");
let whatifShown = null; // {key, json}: the what-if answer shown and the inputs it was asked for
let compareShown = null; // {key, json}: the comparison shown
let decisionsName = "my-decisions.yaml";
const asked = { fix: [], forbid: [], why_not: [] }; // the decisions asked, in the CLI's forms

function whatifBody() {
  const body = { fix: [...asked.fix], forbid: [...asked.forbid], why_not: [...asked.why_not], why: $("why").checked };
  if ($("want-alternatives").checked) {
    body.alternatives = Number.parseInt($("alternatives").value, 10) || 3;
    body.tolerance = $("tolerance").value.trim() || "5%";
  }
  return body;
}

// The what-if and comparison shown are fresh while the inputs (and the what-if or decisions asked) are
// those they answered; else they are marked old and their downloads are off.
function markAnswersFreshness(key) {
  const whatifFresh = whatifShown !== null && whatifShown.key === key + JSON.stringify(whatifBody());
  $("whatif-result").classList.toggle("old", whatifShown !== null && !whatifFresh);
  $("download-whatif").disabled = !whatifFresh || !whatifShown.json;
  const compareFresh = compareShown !== null && compareShown.key === key + $("decisions").value;
  $("compare-result").classList.toggle("old", compareShown !== null && !compareFresh);
  $("download-compare").disabled = !compareFresh || !compareShown.json;
}

function clearAsked() {
  asked.fix = [];
  asked.forbid = [];
  asked.why_not = [];
  drawAsked();
}

// --- what-ifs ----------------------------------------------------------------------------------------------

function drawAsked() {
  const list = $("asked");
  list.replaceChildren();
  for (const [kind, label] of [["fix", "fix"], ["forbid", "forbid"], ["why_not", "why not"]]) {
    asked[kind].forEach((text, index) => {
      const item = el("li", `${label} ${text} `);
      const remove = el("button", "×", { type: "button", "aria-label": `remove ${label} ${text}` });
      remove.addEventListener("click", () => {
        asked[kind].splice(index, 1);
        drawAsked();
        markFreshness();
      });
      item.append(remove);
      list.append(item);
    });
  }
}

function addAsked(kind, text, now) {
  const value = text.trim();
  if (!value) return;
  if (!asked[kind].includes(value)) asked[kind].push(value);
  drawAsked();
  markFreshness();
  if (now) askWhatif();
}

// Beside each line of the plan shown (a cell added to each row of its Builds, Grants, Naval construction
// and SW units tables, whose rows are the plan's lines in order): "why not more" (the best plan with one
// more: --fix N+1, or the faster chart action: --why-not), "fix" (keep it: --fix) and "forbid"
// (--forbid). The chart actions of later turns of the horizon, which have no table row, are listed in a
// table of their own.
const FASTER = { defer: "continue", continue: "accelerate" };

function askButtons(more, keep, ban, moreKind) {
  const cell = el("td", null, { class: "ask" });
  for (const [kind, text, word] of [[moreKind, more, "why not more"], ["fix", keep, "fix"], ["forbid", ban, "forbid"]]) {
    if (!text) continue;
    const option = kind === "why_not" ? "--why-not" : `--${kind}`;
    const button = el("button", word, { type: "button", title: `${option} ${text}`, "data-decision": text, "data-kind": kind });
    if (word === "why not more") button.className = "more";
    button.addEventListener("click", () => addAsked(kind, text, true));
    cell.append(button);
  }
  return cell;
}

function buildAsk(b) {
  const line = `${b.power}:${b.entry}` + (b.site ? `@${b.site}` : "");
  return [`${line}=${b.counters + 1}`, `${line}=${b.counters}`, line, "fix"];
}

const grantKey = (g) => `${g.grantor}>${g.recipient}` + (g.route ? `:${g.route}` : "");

// BRPs of each grant line (grantor>recipient[:route]) of a plan, summed over its grants.
function grantTotals(grants) {
  const totals = new Map();
  for (const g of grants || []) totals.set(grantKey(g), (totals.get(grantKey(g)) || 0) + g.brps);
  return totals;
}

function grantAsk(g, totals) {
  const key = grantKey(g);
  const brps = totals.get(key);
  return [`${key}=${brps + 1}`, `${key}=${brps}`, key, "fix"];
}

// An SW line of the plan at its yard (27.9): one row of the SW units table per power, line and yard.
function swAsk(s) {
  const line = `${s.power}:${s.build}@${s.yard}`;
  return [`${line}=${s.factors + 1}`, `${line}=${s.factors}`, line, "fix"];
}

// The SW builds of the scenario shown (the server's `service.sw_choices`, read from its `sw_units` and
// yards): picking one puts its CLI form in the Decision field, to fix, forbid or ask why not (with =N).
function showSwLines(lines) {
  const select = $("sw-line");
  select.replaceChildren(el("option", "pick an SW line and yard", { value: "" }));
  for (const line of lines || []) select.append(el("option", line.label, { value: line.decision }));
  $("sw-row").hidden = !(lines && lines.length);
}

function chartAsk(a) {
  const ship = `${a.power}:${a.yard}/${a.ship}`;
  const when = a.turn ? `@${a.turn}` : "";
  const more = FASTER[a.action] ? `${ship}:${FASTER[a.action]}${when}` : "";
  return [more, `${ship}:${a.action}${when}`, `${ship}:${a.action}${when}`, "why_not"];
}

// The buttons of each line in a cell at the end of its row; false when the table's rows are not the lines.
function besideRows(title, lines, ask) {
  const table = planDiv.querySelector(`table[data-title="${title}"]`);
  if (!table) return lines.length === 0;
  const rows = table.tBodies[0] ? [...table.tBodies[0].rows] : [];
  if (rows.length !== lines.length) return false;
  table.tHead.rows[0].append(el("th", "what if", { class: "ask" }));
  rows.forEach((row, index) => row.append(askButtons(...ask(lines[index]))));
  return true;
}

function showLines() {
  const box = $("lines");
  box.replaceChildren();
  whatifSection.hidden = !shown || !["plan", "season"].includes(shown.planner) || !shown.plan;
  if (whatifSection.hidden) return;
  const data = JSON.parse(shown.plan);
  if (data.turns) {
    box.append(seasonLines(data));
    return;
  }
  const totals = grantTotals(data.grants);
  const rest = []; // [label, ask] of lines with no row of their own
  const builds = data.builds || [];
  if (!besideRows("Builds", builds, buildAsk)) for (const b of builds) rest.push([`build ${b.power}:${b.entry} ×${b.counters}`, buildAsk(b)]);
  const grants = data.grants || [];
  if (!besideRows("Grants (rule 40)", grants, (g) => grantAsk(g, totals))) {
    for (const g of grants) rest.push([`grant ${g.grantor}>${g.recipient} ${g.brps} BRPs`, grantAsk(g, totals)]);
  }
  const sw = data.sw_builds || [];
  if (!besideRows("SW units built (27.9)", sw, swAsk)) for (const s of sw) rest.push([`SW ${s.power}:${s.build} at ${s.yard} ×${s.factors}`, swAsk(s)]);
  const now = (data.naval_actions || []).filter((a) => a.turn === 0);
  if (!besideRows("Naval construction this turn (27.7)", now, chartAsk)) {
    for (const a of now) rest.push([`chart ${a.power}:${a.yard}/${a.ship} ${a.action}`, chartAsk(a)]);
  }
  for (const a of (data.naval_actions || []).filter((x) => x.turn !== 0)) {
    rest.push([`chart ${a.power}:${a.yard}/${a.ship} ${a.action} (turn +${a.turn})`, chartAsk(a)]);
  }
  if (!rest.length) return;
  box.append(linesTable("Later chart actions", "Chart actions later in the horizon (27.7)", rest));
}

// A table of lines ([label, ask] each), each with its what-if buttons.
function linesTable(title, caption, rows) {
  const table = el("table", null, { class: "lines", "data-title": title });
  table.append(el("caption", caption));
  const head = el("tr");
  for (const column of ["line", "what if"]) head.append(el("th", column));
  table.append(wrap("thead", head));
  const body = el("tbody");
  for (const [label, ask] of rows) {
    const row = el("tr");
    row.append(el("td", label), askButtons(...ask));
    body.append(row);
  }
  table.append(body);
  return table;
}

// A season plan (`awaw season`): every turn's build and grant lines, and the chart's actions by their turn,
// in one table, each with its buttons in the season's forms (`--fix ...@turnN`, `--forbid ...@turnN`);
// "why not more" of a build or grant is the season's why-not of N+1 in that turn (`--why-not ...=N+1@turnN`:
// the best season plan with one more there, what it costs and which turn's limit it meets).
function seasonLines(data) {
  const rows = [];
  data.turns.forEach((turn, index) => {
    const when = `@turn${index + 1}`;
    const totals = grantTotals(turn.plan.grants);
    const at = (ask) => [ask[0] && ask[0] + when, ask[1] + when, ask[2] + when, "why_not"];
    for (const b of turn.plan.builds || []) rows.push([`turn ${index + 1}: build ${b.power}:${b.entry} ×${b.counters}`, at(buildAsk(b))]);
    for (const g of turn.plan.grants || []) {
      rows.push([`turn ${index + 1}: grant ${g.grantor}>${g.recipient} ${g.brps} BRPs`, at(grantAsk(g, totals))]);
    }
    for (const s of turn.plan.sw_builds || []) rows.push([`turn ${index + 1}: SW ${s.power}:${s.build} at ${s.yard} ×${s.factors}`, at(swAsk(s))]);
  });
  for (const a of data.turns[0].plan.naval_actions || []) {
    const ship = `${a.power}:${a.yard}/${a.ship}:${a.action}@turn${a.turn + 1}`;
    const faster = FASTER[a.action] && a.turn < data.turns.length ? `${a.power}:${a.yard}/${a.ship}:${FASTER[a.action]}@turn${a.turn + 1}` : "";
    rows.push([`turn ${a.turn + 1}: chart ${a.power}:${a.yard}/${a.ship} ${a.action}`, [faster, ship, ship, "why_not"]]);
  }
  return linesTable(
    "Season lines",
    "Each turn's lines of the season plan (awaw season --fix/--forbid ...@turnN)",
    rows,
  );
}

async function askWhatif() {
  const status = $("whatif-status");
  const body = { ...inputs(), whatif: whatifBody() };
  const key = inputsKey() + JSON.stringify(body.whatif);
  status.textContent = "Asking…";
  status.className = "busy";
  const { status: code, data } = await postJson("/api/whatif", body);
  if (key !== inputsKey() + JSON.stringify(whatifBody())) return; // asked again meanwhile
  if (code !== 200) {
    status.textContent = `No answer: ${data.error}`;
    status.className = "bad";
    showBox($("whatif-errors"), data.error, data.problems);
    markFreshness();
    return;
  }
  showBox($("whatif-errors"), "");
  $("whatif-result").innerHTML = data.html; // the server's template, every text escaped
  whatifShown = { key, json: data.plan };
  status.textContent = `Answered: status ${data.status}` + (data.objective !== null ? `, objective ${data.objective}` : "");
  status.className = data.status === "optimal" || data.status === "feasible" ? "ok" : "bad";
  markFreshness();
}

async function fromPlan() {
  if (!shown || !shown.plan) return;
  const { status, data } = await postJson("/api/decisions", { ...inputs(), plan: shown.plan });
  if (status !== 200) {
    showBox($("compare-errors"), data.error, data.problems);
    return;
  }
  $("decisions").value = data.decisions;
  decisionsName = `${baseName(shown.file)}-decisions.yaml`;
  markFreshness();
}

async function loadDecisions() {
  const file = $("decisions-upload").files[0];
  if (!file) return;
  $("decisions-upload").value = "";
  if (file.size > maxBody) {
    showBox($("compare-errors"), `${file.name}: ${document.body.dataset.tooLarge}`);
    return;
  }
  $("decisions").value = await file.text();
  decisionsName = file.name;
  markFreshness();
}

async function compare() {
  const status = $("compare-status");
  const text = $("decisions").value;
  const body = { ...inputs(), decisions: text, decisions_file: decisionsName };
  const key = inputsKey() + text;
  status.textContent = "Comparing…";
  status.className = "busy";
  const { status: code, data } = await postJson("/api/compare", body);
  if (key !== inputsKey() + $("decisions").value) return;
  if (code !== 200) {
    status.textContent = `No comparison: ${data.error}`;
    status.className = "bad";
    showBox($("compare-errors"), data.error, data.problems);
    markFreshness();
    return;
  }
  showBox($("compare-errors"), "");
  $("compare-result").innerHTML = data.html; // the server's template, every text escaped
  compareShown = { key, json: data.comparison };
  status.textContent = data.legal ? "Compared: your plan is legal." : "Compared: your plan breaks a rule or misses a requirement.";
  status.className = data.legal ? "ok" : "bad";
  markFreshness();
}

$("whatif-form").addEventListener("submit", (event) => {
  event.preventDefault();
  askWhatif();
});
$("whatif-form").addEventListener("input", markFreshness);
for (const button of document.querySelectorAll("[data-add]")) {
  button.addEventListener("click", () => {
    addAsked(button.dataset.add, $("decision").value, false);
    $("decision").value = "";
  });
}
$("sw-line").addEventListener("change", () => {
  if (!$("sw-line").value) return;
  $("decision").value = $("sw-line").value;
  $("decision").focus();
});
$("clear-asked").addEventListener("click", () => {
  clearAsked();
  markFreshness();
});
$("download-whatif").addEventListener("click", () => {
  if (whatifShown) download(`${baseName()}-whatif.json`, "application/json", whatifShown.json);
});
$("from-plan").addEventListener("click", fromPlan);
$("decisions-upload").addEventListener("change", loadDecisions);
$("decisions").addEventListener("input", markFreshness);
$("compare").addEventListener("click", compare);
$("download-compare").addEventListener("click", () => {
  if (compareShown) download(`${baseName()}-compare.json`, "application/json", compareShown.json);
});
