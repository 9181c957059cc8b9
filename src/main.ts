/// <reference types="vite/client" />
import { Rectangle } from 'pixi.js';
import demoJson from '../assets/demo-table.json';
import { validateTable, type Table } from './model/table';
import { buildOverlays } from './render/campaign';
import { attachInteraction } from './render/interaction';
import { Scene } from './render/scene';
import { toScreen, viewCentre } from './render/view';
import type { Entry } from './rules/world';
import { analyse, type Analysis } from './state/analysis';
import { BUILD_ID } from './build';
import { FullAnalysis, WORKER_BUDGET_MS } from './state/full-analysis';
import { cutSections, type PartialNote } from './rules/report/budget';
import { record } from './state/history';
import { TableLibrary } from './state/library';
import { loadSaved, save } from './state/persist';
import { attackFromHash, SHARE_PREFIX, tableFromHash } from './state/share';
import { type AppState, commands, createAppStore, pairProblem } from './state/store';
import { buildInspector, buildPalette, buildToolbar } from './ui/controls';
import { buildDispute } from './ui/dispute';
import { buildFleet } from './ui/fleet';
import { buildGuide } from './ui/guide';
import { watchPurrgil } from './ui/purrgil';
import { watchExogorth } from './ui/exogorth';
import { buildManeuver } from './ui/maneuver';
import { addManeuverOverlays } from './render/maneuver';
import { buildMeasurements } from './ui/measurements';
import { buildClassEditor } from './ui/class-editor';
import { attachLibrary } from './ui/library';
import { registerOffline } from './ui/update';
import { h } from './ui/dom';
import { renderVerdicts, showMoreAttacks } from './ui/verdicts';

const $ = (id: string) => document.getElementById(id) as HTMLElement;

function linkProblem(e: unknown) {
  return `The link's table could not be opened: ${(e as Error).message}. The table is as it was.`;
}

async function main() {
  const demo = validateTable(demoJson);
  // the table (and undo history) kept in IndexedDB; local storage where there is none, or before it
  const lib = await TableLibrary.open();
  const stored = await lib?.current().catch(() => undefined);
  // local storage is written at every change (IndexedDB a moment later): a reload right after a
  // change finds the newer table there, and the saved one becomes its last undo step
  const local = loadSaved(localStorage);
  const saved = local.table || !stored ? local : { table: stored.table, problem: undefined };
  const store = createAppStore(saved.table ?? demo);
  if (stored) {
    const same = !local.table || JSON.stringify(local.table) === JSON.stringify(stored.table);
    store.setState({ history: same ? stored.history : record(stored.history, stored.table) });
  }
  const cmd = commands(store);
  if (saved.problem) cmd.message('error', `${saved.problem}; the demo table is shown instead.`);
  else if (local.problem && stored) cmd.message('error', `${local.problem}; the table last kept in this browser's table list is shown instead.`);

  const openHash = () => {
    if (!location.hash.startsWith(SHARE_PREFIX)) return;
    let t: Table | null = null, attack: ReturnType<typeof attackFromHash> = null, attackProblem = '';
    try {
      t = tableFromHash(location.hash);
      try {
        attack = attackFromHash(location.hash);
        const p = attack && pairProblem(t, attack.attacker, attack.defender);
        if (p) { attackProblem = p; attack = null; }
      } catch (e) {
        attackProblem = (e as Error).message;
      }
    } catch (e) {
      cmd.message('error', linkProblem(e));
    }
    history.replaceState(null, '', location.pathname + location.search);
    if (!t) return;
    // both kept in the list: the table a link replaces is never lost, even after a reload
    const at = new Date().toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });
    void lib?.keep(store.getState().table, 'before-link', `the table open before a link, ${at}`).catch(() => undefined);
    void lib?.keep(t, 'link', `opened from a link, ${at}`).catch(() => undefined);
    cmd.load(t, 'Opened the table from the link. Undo, or the table you had in Tables…, returns to it.');
    if (attack) cmd.setPair(attack.attacker, attack.defender);
    if (attackProblem) cmd.message('error', `The link's table is open, but not its attack: ${attackProblem}.`);
  };
  openHash();
  window.addEventListener('hashchange', openHash);

  const scene = new Scene();
  await scene.init($('canvas-host'));

  let analysis: Analysis;
  const full = new FullAnalysis(
    (table, report, ms) => {
      if (analysis.table !== table) return;
      analysis = { table, world: analysis.world, report, live: false, attacker: null, ms };
      if (report.partial) {
        const p = report.partial as PartialNote;
        cmd.message('error', `This table is too heavy to judge whole in the browser: partial: ${p.attacksJudged} of ${p.attacksAsked} attacks judged` +
          ` in ${WORKER_BUDGET_MS / 1000} s (cut: ${cutSections(p)})` +
          `${p.proposalsNotJudged.length ? `; proposals not judged: ${p.proposalsNotJudged.slice(0, 5).join(', ')}${p.proposalsNotJudged.length > 5 ? ', ...' : ''}` : ''}` +
          `. The rest are left out; fewer pieces, or the command-line analysis (--budget), judge them all.`);
      }
      schedule(true);
    },
    (table) => {
      // judge in place instead
      if (analysis.table === table) { analysis = analyse(table, analysis); schedule(true); }
    },
  );
  // first picture at once; the full report follows from the worker
  analysis = full.available ? analyse(store.getState().table, undefined, { attacker: null }) : analyse(store.getState().table);
  let overlays = buildOverlays(store.getState(), analysis);
  const onlySelected = { value: false };
  // hit tests read the world of the table as it is now, even between frames
  const current = () => {
    if (store.getState().table !== analysis.table) { cancelAnimationFrame(frame); draw(); }
  };
  const pickable = () => {
    current();
    const w = analysis.world;
    const ghosts = overlays.ghosts.map((g) => g.entry);
    return [...w.squadrons, ...w.tokens, ...ghosts, ...w.ships, ...w.obstacles] as Entry[];
  };

  let turnChoice: boolean | null = null;
  const turnButton = h('button', { id: 'turn-view', title: 'turn the view 90 degrees (table coordinates do not change)', onclick: () => { turnChoice = !scene.turned; scene.turned = turnChoice; fit(); } }, 'Turn view');
  const help = h('div', { id: 'help-panel', hidden: true },
    h('h3', {}, 'Help'),
    h('p', {}, 'Tap a piece to select it; drag it to move it (a short tap never moves it). Drag the round handle to turn it. Two fingers zoom and pan.'),
    h('p', {}, 'New table starts empty; "New + 6 obstacles" lays the core obstacles beside the setup area; Guided setup offers each obstacle in turn (the second player first) and then deploys both fleets: tap the table where the piece goes. Every refusal says why.'),
    h('p', {}, 'Tap a hull zone or squadron, then an enemy: the verdict card says whether the attack is in arc, at what range, and whether the line of sight is obstructed, and why. Red outlines: pieces on pieces, or partly off the table.'),
    h('p', {}, 'On a phone, "Panel" slides the panel up; with a pair chosen its top shows the verdict. Select a ship and press "Maneuver" to lay the maneuver tool and see where it ends and what it hits; "Correct this class…" lets you match a class\'s arc lines and targeting points to the token in your hand. "Tables…" brings back any table you had.'),
    h('p', {}, 'Rules 1.5 is the seed rules text (the rules reference 1.5 where it is silent); 1.6 is the later text: a squadron\'s line of sight is traced from its centre, and the shield-dial rule differs.'),
    h('button', { onclick: () => { help.hidden = true; } }, 'Close'));
  document.body.append(help);
  const helpButton = h('button', { id: 'help', title: 'help', onclick: () => { help.hidden = !help.hidden; } }, '?');
  const panelButton = h('button', { id: 'panel-toggle', title: 'show or hide the panel', onclick: () => { document.body.classList.toggle('sheet-open'); requestAnimationFrame(() => { scene.app.resize(); }); } }, 'Panel');
  const updateToolbar = buildToolbar($('toolbar'), store, cmd, {
    fit: () => fit(), onlySelected, refresh: () => schedule(true),
    // an imported file enters the Tables list like a link, and so does the table it replaced
    imported: (t, replaced, name) => {
      const at = new Date().toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });
      void lib?.keep(replaced, 'before-file', `the table open before importing ${name}, ${at}`).catch(() => undefined);
      void lib?.keep(t, 'file', `imported from the file ${name}, ${at}`).catch(() => undefined);
    },
  });
  $('toolbar').append(turnButton, helpButton, panelButton);
  buildPalette($('palette'), cmd, () => viewCentre(scene.view, scene.width, scene.height));
  const fleetHost = h('section', { id: 'fleet' });
  $('palette').after(fleetHost);
  buildFleet(fleetHost, store, cmd);
  if (lib) attachLibrary($('toolbar'), store, cmd, lib, stored);
  const updateInspector = buildInspector($('inspector'), store, cmd);
  const disputeHost = document.createElement('section');
  disputeHost.id = 'dispute';
  $('inspector').before(disputeHost);
  const guideHost = document.createElement('section');
  guideHost.id = 'guide';
  $('inspector').before(guideHost);
  const guide = buildGuide(guideHost, store, cmd);
  const updateDispute = buildDispute(disputeHost, store, cmd, {
    pictures: (shots) => scene.pictures(shots),
  });
  const maneuverHost = document.createElement('section');
  maneuverHost.id = 'maneuver';
  $('inspector').after(maneuverHost);
  const maneuver = buildManeuver(maneuverHost, store, cmd);
  const measurementsHost = document.createElement('section');
  measurementsHost.id = 'measurements';
  $('verdicts').before(measurementsHost);
  const updateMeasurements = buildMeasurements(measurementsHost, cmd);
  const classEditorHost = h('section', { id: 'class-edit' });
  measurementsHost.after(classEditorHost);
  const classEditor = buildClassEditor(classEditorHost, store, cmd);
  $('inspector').addEventListener('edit-class', (ev) => classEditor.open((ev as CustomEvent<string>).detail));

  const message = $('message');
  let shown: AppState['message'] = null, hideTimer = 0;
  const showMessage = (s: AppState) => {
    if (s.message === shown) return;
    shown = s.message;
    clearTimeout(hideTimer);
    if (s.message?.kind === 'info') {
      const m = s.message;
      hideTimer = window.setTimeout(() => { if (store.getState().message === m) cmd.clearMessage(); }, 5000);
    }
    if (!s.message) { message.removeAttribute('data-kind'); message.textContent = ''; return; }
    message.dataset.kind = s.message.kind;
    message.textContent = s.message.text;
    const close = document.createElement('button');
    close.textContent = 'OK';
    close.onclick = () => cmd.clearMessage();
    message.append(close);
  };

  let frame = 0, panelDue = true, lastPanel = 0, savedTable: Table | null = null;
  const draw = () => {
    frame = 0;
    const s = store.getState();
    const moving = !!s.gestureStart;
    if (moving || full.available) {
      // the picture now (overlaps, campaign verdicts, the selected attacker's attacks) ...
      if (s.table !== analysis.table || (analysis.live && analysis.attacker !== s.attacker)) {
        analysis = analyse(s.table, analysis, { attacker: s.attacker });
      }
      // ... and, once the pieces are still, every attack from the worker
      if (!moving && (analysis.live || analysis.proposalsPending)) full.request(s.table);
    } else if (s.table !== analysis.table || analysis.live) {
      analysis = analyse(s.table, analysis);
    }
    overlays = buildOverlays(s, analysis);
    const planned = maneuver.drawing(s, analysis);
    if (planned) addManeuverOverlays(overlays, analysis.world, planned.answer, planned.fan, planned.speed);
    scene.render(s, analysis, overlays);
    if (s.table !== savedTable) {
      const problem = save(localStorage, s.table);
      savedTable = s.table;
      if (problem) cmd.message('error', problem);
    }
    const now = performance.now();
    if (panelDue && (!s.gestureStart || now - lastPanel > 150)) {
      try {
        renderVerdicts($('verdicts'), s, analysis, onlySelected.value, overlays.panel);
      } catch (e) {
        // the panel must never take the drawing loop down with it
        $('verdicts').textContent = `The verdict panel could not be drawn: ${(e as Error).message}`;
      }
      lastPanel = now;
      panelDue = false;
    }
    if (panelDue) schedule(false);
    updateToolbar(s);
    updateInspector(s);
    guide.update(s);
    updateMeasurements(s);
    classEditor.update(s);
    updateDispute(s, analysis);
    maneuver.update(s, analysis);
    showMessage(s);
    document.body.dataset.ready = 'true';
  };
  function schedule(panel = true) {
    if (panel) panelDue = true;
    if (!frame) frame = requestAnimationFrame(draw);
  }
  function fit() {
    const spec = analysis.world.catalog.tables[store.getState().table.table];
    // portrait: the 6' edge runs down the screen, unless the player turned it back
    const host = $('canvas-host');
    if (turnChoice === null) scene.turned = host.clientHeight > host.clientWidth * 1.15;
    turnButton.setAttribute('aria-pressed', String(scene.turned));
    scene.fit(spec.width, spec.height);
    schedule(false);
  }
  store.subscribe(() => schedule(true));
  new ResizeObserver(() => { scene.app.resize(); fit(); }).observe($('canvas-host'));

  attachInteraction(scene.app.canvas, scene, store, cmd, {
    entries: pickable,
    byId: (id) => { current(); return analysis.world.byId.get(id) ?? overlays.ghosts.find((g) => g.entry.id === id)?.entry; },
    redraw: () => schedule(false),
    tapTable: (x, y) => guide.tap(x, y),
  });
  watchPurrgil(store, cmd, $('verdicts'));
  watchExogorth(store, cmd, $('verdicts'));
  $('verdicts').addEventListener('click', (ev) => {
    if ((ev.target as HTMLElement).closest('button.show-more')) { showMoreAttacks(); schedule(true); return; }
    if (window.getSelection()?.toString()) return; // selecting text to copy
    const li = (ev.target as HTMLElement).closest('li[data-attacker]') as HTMLElement | null;
    if (li) cmd.setPair(li.dataset.attacker!, li.dataset.defender ?? null);
  });
  draw();

  // a small handle for the end-to-end tests and for the console
  Object.assign(window, {
    __armada: {
      store, cmd, scene,
      analysis: () => analysis,
      /** whether the full report comes from the worker */
      workerAvailable: () => full.available,
      /** how many times a newer table superseded one the worker was still judging (the worker was restarted) */
      workerCancelled: () => full.cancelled,
      /** this page's build, and the build of the worker that answered last (src/build.ts) */
      build: BUILD_ID,
      workerBuild: () => full.workerBuild,
      zoomTo(x0: number, y0: number, x1: number, y1: number) { scene.fitBox(x0, y0, x1, y1); schedule(false); },
      /** page coordinates of a table point */
      pagePoint(x: number, y: number) {
        const r = scene.app.canvas.getBoundingClientRect();
        const [sx, sy] = toScreen(scene.view, x, y);
        return { x: r.left + sx, y: r.top + sy };
      },
      /** how many rendered pixels within a table-mm box are (within tol per channel) the colour */
      countPixels(colour: number, box: [number, number, number, number], tol = 10) {
        const [px, py] = toScreen(scene.view, box[0], box[3]);
        const [qx, qy] = toScreen(scene.view, box[2], box[1]);
        const [ax, ay, bx, by] = [Math.min(px, qx), Math.min(py, qy), Math.max(px, qx), Math.max(py, qy)];
        const frame = new Rectangle(Math.floor(ax), Math.floor(ay), Math.max(1, Math.ceil(bx - ax)), Math.max(1, Math.ceil(by - ay)));
        const { pixels } = scene.app.renderer.extract.pixels({ target: scene.app.stage, frame });
        const R = (colour >> 16) & 255, G = (colour >> 8) & 255, B = colour & 255;
        let n = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          if (pixels[i + 3] === 255 && Math.abs(pixels[i] - R) <= tol && Math.abs(pixels[i + 1] - G) <= tol && Math.abs(pixels[i + 2] - B) <= tol) n++;
        }
        return n;
      },
    },
  });

  if (import.meta.env.PROD) registerOffline(document.body);
}

main().catch((e) => {
  document.body.innerHTML = `<pre style="color:#f88;padding:20px">The app could not start: ${String((e as Error)?.stack ?? e)}</pre>`;
});
