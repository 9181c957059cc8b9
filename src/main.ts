/// <reference types="vite/client" />
/** The app: boot the table, build the scene and panels, wire them to the frame loop. Decides nothing. */
import { bootTable, watchLinks } from './app/boot';
import { FrameLoop } from './app/frame';
import { buildPanels } from './app/panels';
import { exposeTestHandle } from './app/test-handle';
import { attachInteraction } from './render/interaction';
import { Scene } from './render/scene';
import { watchExogorth } from './ui/exogorth';
import { watchPurrgil } from './ui/purrgil';
import { registerOffline } from './ui/update';
import { showMoreAttacks } from './ui/verdicts';

const $ = (id: string) => document.getElementById(id) as HTMLElement;

async function main() {
  const booted = await bootTable();
  const { store, cmd } = booted;
  watchLinks(booted);
  const scene = new Scene();
  await scene.init($('canvas-host'));
  const loop = new FrameLoop(booted, scene);

  let turnChoice: boolean | null = null;
  /** the attack's box the view is framed on (a chosen pair), kept across resizes; null: the whole table */
  let framedBox: [number, number, number, number] | null = null;
  /** the canvas's top pixels a bar lies over while the box is framed (the judge-by-eye bar) */
  let framedTop = 0;
  /** the box framed with the small margins of a fitted table (setup practice's) */
  let framedTight = false;
  const fit = (whole = true) => {
    if (whole) framedBox = null;
    const spec = loop.analysis.world.catalog.tables[store.getState().table.table];
    // portrait: the 6' edge runs down the screen, unless the player turned it back
    const host = $('canvas-host');
    if (turnChoice === null) scene.turned = host.clientHeight > host.clientWidth * 1.15;
    loop.panels.turnButton.setAttribute('aria-pressed', String(scene.turned));
    if (framedBox) scene.fitBoxBelow(...framedBox, framedTop, framedTight);
    else scene.fit(spec.width, spec.height);
    loop.schedule(false);
  };
  const frame = (box: [number, number, number, number], topPx = 0, tight = false) => {
    framedBox = box;
    framedTop = topPx;
    framedTight = tight;
    fit(false);
  };
  const turn = () => {
    turnChoice = !scene.turned;
    scene.turned = turnChoice;
    fit();
  };
  loop.panels = buildPanels(booted, scene, {
    fit: () => fit(),
    frame,
    turn,
    schedule: (p) => loop.schedule(p),
  });

  store.subscribe(() => loop.schedule(true));
  new ResizeObserver(() => {
    scene.app.resize();
    fit(false);
  }).observe($('canvas-host'));
  attachInteraction(scene.app.canvas, scene, store, cmd, {
    entries: () => loop.pickable(),
    byId: (id) => loop.byId(id),
    redraw: () => loop.schedule(false),
    atFrame: (apply) => loop.atFrame(apply),
    tapTable: (x, y) => loop.panels.guide.tap(x, y) || loop.panels.practice.tap(x, y),
    world: () => {
      loop.current();
      return loop.analysis.world;
    },
  });
  // their buttons are in the verdict list and in the inspector's card (src/ui/lead-card.ts)
  const aside = document.querySelector('aside') as HTMLElement;
  watchPurrgil(store, cmd, aside);
  watchExogorth(store, cmd, aside);
  $('verdicts').addEventListener('click', (ev) => {
    if ((ev.target as HTMLElement).closest('button.show-more')) {
      showMoreAttacks();
      loop.schedule(true);
      return;
    }
    // selecting text to copy (a click the keyboard made, on an entry's button, has no detail: it opens)
    if (ev.detail && window.getSelection()?.toString()) return;
    const li = (ev.target as HTMLElement).closest('li[data-attacker]') as HTMLElement | null;
    if (li) cmd.setPair(li.dataset.attacker!, li.dataset.defender ?? null);
  });
  // the first picture in a frame of its own: a crowded table's first draw and the boot are each a task
  loop.schedule(true);
  exposeTestHandle(booted, scene, loop);
  if (import.meta.env.PROD) registerOffline(document.body);
}

main().catch((e) => {
  document.body.innerHTML =
    `<pre style="color:#f88;padding:20px">The app could not start: ` +
    `${String((e as Error)?.stack ?? e)}</pre>`;
});
