// The position form of `awaw serve`'s page (after app.js, whose helpers it uses): the YAML's common
// sections as a form, both ways. The server reads the form's fields from the text (`/api/form`) and
// writes each change into it in place (`/api/form/change`); this script only lays the fields out
// (textContent and values only, never HTML) and sends the changes.
"use strict";

const formDiv = $("position-form");
const formError = $("form-error");

// --- the position form: the YAML's common sections, both ways ---------------------------------------------

async function refreshForm() {
  const request = ++formRequest;
  const { status, data } = await postJson("/api/form", { yaml: editor.value });
  if (request !== formRequest) return;
  if (status !== 200) {
    showBox(formError, data.error);
    formDiv.replaceChildren(); // a form of the text before would not be the text's: none until it reads
    return;
  }
  showBox(formError, "");
  renderForm(data.form);
}

async function formChange(change) {
  const request = ++formRequest;
  const { status, data } = await postJson("/api/form/change", { yaml: editor.value, change });
  if (request !== formRequest) return;
  if (status !== 200) {
    showBox(formError, data.error);
    return;
  }
  showBox(formError, "");
  const scroll = editor.scrollTop;
  editor.value = data.yaml;
  editor.scrollTop = scroll;
  renderForm(data.form);
  scheduleValidate();
}

function numberInput(value, path, label, step) {
  const input = el("input", null, { type: "number", min: "0", step: step || "1", "aria-label": label });
  input.value = value === null || value === undefined ? "" : String(value);
  input.dataset.path = JSON.stringify(path);
  input.addEventListener("change", () => {
    if (input.value.trim() === "") return;
    formChange({ path, value: Number(input.value) });
  });
  return input;
}

function renderForm(form) {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.path : null;
  formDiv.replaceChildren();
  if (!form.turn) {
    formDiv.append(el("p", "This scenario has no powers section (an engineers scenario): edit it in the YAML.", { class: "hint" }));
    return;
  }
  const top = el("div", null, { class: "form-row" });
  if (typeof form.oil_counters === "number" || form.oil_counters === null) {
    const label = el("label", "Oil counters ");
    label.append(numberInput(form.oil_counters, ["oil_counters"], "Oil counters"));
    top.append(label);
  } else {
    for (const [faction, count] of Object.entries(form.oil_counters)) {
      const label = el("label", `Oil counters, ${faction} `);
      label.append(numberInput(count, ["oil_counters", faction], `Oil counters, ${faction}`));
      top.append(label);
    }
  }
  const preset = el("select", null, { "aria-label": "Objective preset in the file" });
  for (const name of ["", "max-value", "max-factors"]) preset.append(el("option", name || "(priorities)", { value: name }));
  preset.value = form.objective.preset || "";
  preset.dataset.path = JSON.stringify(["objective", "preset"]);
  preset.addEventListener("change", () => {
    if (preset.value) formChange({ path: ["objective", "preset"], value: preset.value });
  });
  const presetLabel = el("label", "Objective preset ");
  presetLabel.append(preset);
  top.append(presetLabel);
  for (const [key, text] of [["unspent_brp_value", "Value of an unspent BRP"], ["oil_counter_value", "Value of an oil counter kept"]]) {
    const label = el("label", `${text} `);
    label.append(numberInput(form.objective[key], ["objective", key], text, "any"));
    top.append(label);
  }
  formDiv.append(top);

  for (const power of form.powers) {
    const box = el("fieldset", null, { class: "power", "data-power": power.power });
    box.append(el("legend", power.power));
    const row = el("div", null, { class: "form-row" });
    for (const [key, text] of [["brps", "BRPs"], ["brp_base", "BRP base"], ["reserve", "Reserve (objective)"]]) {
      const label = el("label", `${text} `);
      const path = key === "reserve" ? ["objective", "reserve", power.power] : ["powers", power.power, key];
      label.append(numberInput(power[key], path, `${power.power} ${text}`));
      row.append(label);
    }
    box.append(row);
    const table = el("table", null, { class: "pool", "data-title": `Force pool: ${power.power}` });
    table.append(el("caption", `Force pool (27.5)`));
    const head = el("tr");
    for (const column of ["id", "unit", "factors", "count", ""]) head.append(el("th", column));
    table.append(wrap("thead", head));
    const body = el("tbody");
    const poolPath = ["powers", power.power, "force_pool"];
    power.force_pool.forEach((entry, index) => body.append(poolRow(form.units, entry, [...poolPath, index])));
    body.append(poolRow(form.units, { id: "", unit: "infantry", factors: 1, count: 1 }, poolPath, true));
    table.append(body);
    box.append(table);
    formDiv.append(box);
  }
  if (focused) {
    const again = [...formDiv.querySelectorAll("[data-path]")].find((node) => node.dataset.path === focused);
    if (again) again.focus();
  }
}

function poolRow(units, entry, path, adding) {
  const row = el("tr", null, adding ? { class: "adding" } : {});
  const id = el("input", null, { "aria-label": "entry id", placeholder: adding ? "new entry id" : "" });
  id.value = entry.id || "";
  const unit = el("select", null, { "aria-label": "unit" });
  for (const name of units) unit.append(el("option", name, { value: name }));
  unit.value = entry.unit || "infantry";
  const factors = el("input", null, { type: "number", min: "1", "aria-label": "factors" });
  factors.value = entry.factors === null ? "" : String(entry.factors);
  const count = el("input", null, { type: "number", min: "0", "aria-label": "count" });
  count.value = entry.count === null ? "" : String(entry.count);
  if (entry.factors === null) factors.placeholder = "1";
  const value = () => ({
    id: id.value.trim(),
    unit: unit.value,
    factors: factors.value.trim() === "" ? null : Number(factors.value),
    count: Number(count.value),
  });
  const cells = [id, unit, factors, count];
  cells.forEach((input, k) => {
    input.dataset.path = JSON.stringify([...path, adding ? "new" : "", k]);
  });
  if (!adding) {
    for (const input of cells) input.addEventListener("change", () => formChange({ path, value: value() }));
  }
  for (const input of cells) {
    const cell = el("td");
    cell.append(input);
    row.append(cell);
  }
  const action = el("td");
  const button = el("button", adding ? "Add" : "×", { type: "button", "aria-label": adding ? "add the entry" : `remove ${entry.id}` });
  button.addEventListener("click", () => {
    if (adding) formChange({ path, value: value(), add: true });
    else formChange({ path, remove: true });
  });
  action.append(button);
  row.append(action);
  return row;
}
