// The JavaScript half of the web example: load Pyodide and the wheels from this folder,
// then pass clicks and button presses to agnes_web.Table and draw what it returns.
// No rule lives here. The page starts on ?variant=...&deal=... (default: agnes-sorel 1);
// &autoplay=0 turns the safe moves after each move off.
"use strict";

const started = performance.now();
const $ = (id) => document.getElementById(id);
let table = null;

function show(json) {
  const screen = JSON.parse(json);
  $("board").innerHTML = screen.svg;
  $("message").textContent = screen.won ? `Won! ${screen.message}` : screen.lost
    ? `No move left: the game is lost. ${screen.message}` : screen.message;
  $("moves").textContent = screen.moves.length
    ? `${screen.moves.length} moves: ${screen.moves.join(" ")}` : "";
  $("undo").disabled = !screen.can_undo;
  $("redo").disabled = !screen.can_redo;
  $("auto").checked = screen.autoplay;
  $("variant").value = screen.variant;
  if (typeof screen.deal === "number") $("deal").value = screen.deal;
  document.body.classList.toggle("won", screen.won);
  document.body.classList.toggle("lost", screen.lost);
  document.body.dataset.moves = screen.moves.join(" ");
  document.body.dataset.selected = screen.selected || "";
  return screen;
}

// A Python call; an unexpected error (a bug: the rules' own errors come back as messages)
// is shown instead of leaving the page stuck.
function run(method, ...args) {
  try {
    return show(table[method](...args));
  } catch (error) {
    $("message").textContent = `Error: ${error.message || error}`;
    console.error(error);
    return null;
  }
}

// Python calls may take a moment (a hint, a random winnable deal): let the page repaint first.
function call(method, ...args) {
  $("message").textContent = "…";
  return new Promise((resolve) => setTimeout(() => resolve(run(method, ...args)), 0));
}

// Seconds since the page started, at each step of the start (shown in the footer).
const timings = {};
const mark = (step) => { timings[step] = (performance.now() - started) / 1000; };

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}

async function start() {
  // The wheels and the module download while Pyodide starts.
  const files = fetch("wheels.json").then((response) => response.json()).then((names) =>
    Promise.all(names.map((name) => fetchBytes(`wheels/${name}`))));
  const source = fetchBytes("agnes_web.py");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  mark("pyodide");
  for (const data of await files) pyodide.unpackArchive(data, "wheel");
  pyodide.FS.writeFile("/home/pyodide/agnes_web.py", new Uint8Array(await source));
  pyodide.runPython("import importlib, sys; sys.path.insert(0, '/home/pyodide'); importlib.invalidate_caches()");
  mark("wheels");
  table = pyodide.pyimport("agnes_web").Table();
  mark("import");

  const params = new URLSearchParams(location.search);
  for (const name of JSON.parse(table.variants())) {
    $("variant").add(new Option(name, name));
  }
  if (params.get("autoplay") === "0") table.set_autoplay(false);
  show(table.new_game(params.get("variant") || "agnes-sorel", Number(params.get("deal") || 1)));

  mark("first deal");
  window.agnesStartup = timings["first deal"];
  window.agnesTimings = timings;
  $("startup").textContent = `Started in ${timings["first deal"].toFixed(1)} s `
    + `(Pyodide ${timings.pyodide.toFixed(1)} s, the rules ${(timings.import - timings.pyodide).toFixed(1)} s).`;
  document.querySelectorAll("button, input").forEach((element) => { element.disabled = false; });
  show(table.screen());
  document.body.dataset.ready = "1";
}

$("board").addEventListener("click", (event) => {
  if (!table) return;
  const pile = event.target.closest("[data-pile]");
  if (!pile) return;
  const card = pile.dataset.card && pile.classList.contains("face") ? pile.dataset.card : null;
  run("click", pile.dataset.pile, card);
});
$("deal-form").addEventListener("submit", (event) => {
  event.preventDefault();
  call("new_game", $("variant").value, Number($("deal").value));
});
$("random-deal").addEventListener("click", () => call("random_winnable", $("variant").value));
$("undo").addEventListener("click", () => run("undo"));
$("redo").addEventListener("click", () => run("redo"));
$("hint").addEventListener("click", () => call("hint"));
$("autoplay").addEventListener("click", () => run("play_safe"));
$("auto").addEventListener("change", () => run("set_autoplay", $("auto").checked));
$("save").addEventListener("click", () => {
  const screen = JSON.parse(table.screen());
  const blob = new Blob([table.save()], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${screen.variant}-${screen.deal}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
});
$("load").addEventListener("change", async () => {
  const file = $("load").files[0];
  if (file) run("load", await file.text());
  $("load").value = "";
});

start().catch((error) => {
  $("board").innerHTML = "";
  $("message").textContent = `Could not start: ${error}`;
  console.error(error);
});
