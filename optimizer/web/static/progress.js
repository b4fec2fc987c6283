// A plan as a job on the server, watched while it runs: "Planning… 12 s, best 97.2, bound 98.0" in the
// status line, and a Cancel button that stops the solve on the server (its worker is killed, its slot
// freed). `awawPlan(asked, postJson)` answers as `postJson("/api/plan", asked)` does: { status, data },
// the data the one-call request answers. A newer plan cancels the one before it if that has run a second
// or more (a shorter one is let finish: its worker stays warm), and its answer is not shown.
"use strict";

const awawPlan = (() => {
  const POLL_MS = 250;
  const SUPERSEDED_CANCEL_S = 1; // a plan replaced by a newer one is cancelled once it has run this long
  const statusLine = document.getElementById("status");
  const cancelButton = document.createElement("button");
  cancelButton.type = "button";
  cancelButton.id = "cancel-plan";
  cancelButton.dataset.testid = "cancel-plan";
  cancelButton.textContent = "Cancel";
  cancelButton.hidden = true;
  statusLine.after(cancelButton);
  let current = null; // the job whose progress the status line shows

  const figure = (value) => String(Math.round(value * 1000) / 1000);

  function show(progress) {
    let text = `Planning… ${Math.floor(progress.elapsed)} s`;
    if (progress.best !== null && progress.best !== undefined) {
      text += `, best ${figure(progress.best)}`;
      if (progress.bound !== null && progress.bound !== undefined) text += `, bound ${figure(progress.bound)}`;
    }
    statusLine.textContent = text;
    statusLine.className = "busy";
  }

  function cancel(job) {
    job.cancelled = true;
    fetch(`/api/plan/${encodeURIComponent(job.id)}/cancel`, { method: "POST" }).catch(() => {});
  }

  cancelButton.addEventListener("click", () => {
    if (current) cancel(current);
  });

  return async function plan(asked, postJson) {
    if (current && current.elapsed >= SUPERSEDED_CANCEL_S) cancel(current);
    current = null;
    const started = await postJson("/api/plan/start", asked);
    if (started.status !== 202) {
      cancelButton.hidden = true;
      return started;
    }
    const job = { id: started.data.job, cancelled: false, elapsed: 0 };
    current = job;
    cancelButton.hidden = false;
    show(started.data);
    for (;;) {
      let progress;
      try {
        // The server answers at once when the plan is done, else with its progress after POLL_MS.
        const response = await fetch(`/api/plan/${encodeURIComponent(job.id)}?wait=${POLL_MS / 1000}`);
        progress = await response.json();
        if (!response.ok) {
          if (current === job) cancelButton.hidden = true;
          return { status: response.status, data: progress };
        }
      } catch (error) {
        if (current === job) cancelButton.hidden = true;
        return { status: 0, data: { error: "the server did not answer" } };
      }
      if (progress.state === "done") {
        if (current === job) {
          current = null;
          cancelButton.hidden = true;
        }
        return { status: progress.status, data: progress.result };
      }
      job.elapsed = progress.elapsed;
      if (current === job) show(progress);
    }
  };
})();
