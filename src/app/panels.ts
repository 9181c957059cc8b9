/**
 * The DOM panels around the canvas, built once and updated from the frame loop: toolbar, palette,
 * fleet, tables list, inspector, guide, dispute card, maneuver, measurements, class editor.
 */
import type { LiveAnalysis } from '../state/analysis';
import type { AppState } from '../state/store';
import type { Scene } from '../render/scene';
import { viewCentre } from '../render/view';
import { buildInspector, buildPalette, buildToolbar } from '../ui/controls';
import { buildDispute } from '../ui/dispute';
import { h } from '../ui/dom';
import { buildFleet } from '../ui/fleet';
import { buildGuide } from '../ui/guide';
import { buildHelp } from '../ui/help';
import { attachLibrary } from '../ui/library';
import { buildManeuver } from '../ui/maneuver';
import { buildPractice } from '../ui/practice';
import { DrillPanel } from '../ui/drill';
import { DrillLayer } from '../render/drill-layer';
import { buildSetupPractice } from './setup-practice';
import { buildMeasurements } from '../ui/measurements';
import { buildClassEditor } from '../ui/class-editor';
import { attachMessages } from '../ui/message';
import { buildPhoto } from '../ui/photo';
import { buildSheet, type Sheet } from '../ui/sheet';
import { findPiece } from '../state/pieces';
import { buildLabelLegend } from '../ui/label-legend';
import { attachPhoneToolbar } from '../ui/phone-toolbar';
import { PhotoLayer } from '../render/photo-layer';
import type { Booted } from './boot';

const $ = (id: string) => document.getElementById(id) as HTMLElement;

export interface PanelHooks {
  /** fit the whole table in view */
  fit: () => void;
  /** frame the table box [x0, y0, x1, y1] (mm): a chosen pair */
  /** frame the box (table mm) below the canvas's top `topPx` px; `tight`: with a fitted table's margins */
  frame: (box: [number, number, number, number], topPx?: number, tight?: boolean) => void;
  /** turn the view 90 degrees, or back */
  turn: () => void;
  /** draw again (the panel too when true) */
  schedule: (panel?: boolean) => void;
}

/** Judge by eye: its bar over the canvas, the layer shading the asked zones, and its framing. */
function buildDrillPanel(
  { store, cmd, tables, practices }: Booted,
  scene: Scene,
  hooks: PanelHooks,
): DrillPanel {
  const drillLayer = new DrillLayer();
  scene.addLayer('over-pieces', drillLayer);
  const drill = new DrillPanel(
    store,
    cmd,
    tables,
    {
      frameBelow: (box, topPx) => hooks.frame(box, topPx),
      fit: hooks.fit,
      shade: (asked) => {
        drillLayer.set(asked);
        hooks.schedule(false);
      },
    },
    practices,
  );
  $('canvas-host').append(drill.bar);
  return drill;
}

/** Turn view, the help and its "?", and the phone's sheet with its Panel button. */
function viewButtons(scene: Scene, hooks: PanelHooks) {
  const turnButton = h(
    'button',
    {
      id: 'turn-view',
      title: 'turn the view 90 degrees (table coordinates do not change)',
      onclick: hooks.turn,
    },
    'Turn view',
  );
  const help = buildHelp();
  document.body.append(help.panel);
  const sheet = buildSheet(document.querySelector('aside') as HTMLElement, () => scene.app.resize());
  const panelButton = h(
    'button',
    { id: 'panel-toggle', title: 'show or hide the panel', onclick: sheet.toggle },
    'Panel',
  );
  return { turnButton, help, sheet, panelButton };
}

/** A new table (from the Table menu) opens the phone's sheet on the palette: what a new table needs next. */
function revealPaletteOnNew(sheet: ReturnType<typeof buildSheet>) {
  for (const id of ['new-empty', 'new-obstacles'])
    document.getElementById(id)?.addEventListener('click', () => sheet.reveal($('palette')));
}

/** Measurements and the class editor, above the verdict list; the inspector opens the editor. */
function buildMeasureSections(store: Booted['store'], cmd: Booted['cmd']) {
  const measurementsHost = h('section', { id: 'measurements' });
  $('verdicts').before(measurementsHost);
  const updateMeasurements = buildMeasurements(measurementsHost, cmd);
  const classEditorHost = h('section', { id: 'class-edit' });
  measurementsHost.after(classEditorHost);
  const classEditor = buildClassEditor(classEditorHost, store, cmd);
  $('inspector').addEventListener('edit-class', (ev) => classEditor.open((ev as CustomEvent<string>).detail));
  return { updateMeasurements, classEditor };
}

/** The view framed on a box, and on a phone the sheet lowered so that the box has the whole canvas. */
function frameInCanvas(hooks: PanelHooks, sheet: Sheet, box: [number, number, number, number]) {
  hooks.frame(box);
  if (sheet.phone()) sheet.setOpen(false);
}

/** half the side of the box (mm) the view frames around a new exogorth: it and the obstacles it may touch */
const EXOGORTH_FRAME_MM = 180;

/**
 * An exogorth proposed from the palette, on a phone: the view framed on it (at the fitted zoom it is a dot of
 * a few pixels) and the sheet lowered to its peek, which the inspector's card leads: its verdict and Place it.
 */
function frameNewExogorth(store: Booted['store'], hooks: PanelHooks, sheet: Sheet) {
  document.getElementById('place-exogorth')?.addEventListener('click', () => {
    if (!sheet.phone()) return;
    const s = store.getState();
    const f = s.selected ? findPiece(s.table, s.selected) : null;
    if (f?.kind !== 'exogorth-proposal') return;
    const { x, y } = f.piece,
      r = EXOGORTH_FRAME_MM;
    frameInCanvas(hooks, sheet, [x - r, y - r, x + r, y + r]);
  });
}

/** The practice maps panel and its layer on the table. */
function buildPracticeSection(
  host: HTMLElement,
  store: Booted['store'],
  scene: Scene,
  hooks: PanelHooks,
  sheet: Sheet,
) {
  const practice = buildPractice(host, store, {
    schedule: () => hooks.schedule(false),
    quiet: (on) => {
      scene.quietAttacks = on;
    },
    picture: (at, spanMm, w, ht) => scene.pictures([{ at, spanMm, w, h: ht }])[0],
    // on a phone the sheet goes down: the framed maps in the whole canvas
    frame: (box) => frameInCanvas(hooks, sheet, box),
    // a tapped cell's or end's reading: in the phone's peek, in view on a desktop
    show: (el) => sheet.show(el),
  });
  scene.addLayer('on-table', practice.layer);
  return practice;
}

/**
 * The practice a reload of the tab found under way taken up again (or its end said, when it cannot be),
 * then a drill link followed.
 */
function resumePractice(
  { cmd, practices }: Booted,
  drill: DrillPanel,
  setup: ReturnType<typeof buildSetupPractice>,
) {
  const found = practices.found();
  if (found?.kind === 'drill') drill.resume(found);
  else if (found?.kind === 'setup') setup.resume(found);
  else if (found) {
    practices.drop('drill');
    practices.drop('setup');
    cmd.message(
      'error',
      `A practice under way ended with the reload (${'problem' in found ? found.problem : ''}). ` +
        'Your table is as it was.',
    );
  }
  drill.fromLink();
}

export function buildPanels(booted: Booted, scene: Scene, hooks: PanelHooks) {
  const { store, cmd, tables } = booted;
  const onlySelected = { value: false };
  const { turnButton, help, sheet, panelButton } = viewButtons(scene, hooks);
  const updateToolbar = buildToolbar($('toolbar'), store, cmd, {
    fit: hooks.fit,
    onlySelected,
    refresh: () => hooks.schedule(true),
  });
  $('toolbar').append(turnButton, help.button, panelButton);
  buildPalette(
    $('palette'),
    cmd,
    () => viewCentre(scene.view, scene.width, scene.height),
    () => store.getState().table,
  );
  frameNewExogorth(store, hooks, sheet);
  const fleetHost = h('section', { id: 'fleet' });
  $('palette').after(fleetHost);
  // the fleet panel starts the guide, which is built below (called only on a click)
  buildFleet(fleetHost, store, cmd, () => guide.start());
  attachLibrary($('toolbar'), tables);
  // a move's card that appears is brought into view on a desktop (the panel may be scrolled to the Add palette);
  // on a phone it leads the sheet, which goes to its top (src/ui/sheet.ts)
  const inspector = buildInspector($('inspector'), store, cmd, (el) => {
    if (!sheet.phone()) sheet.show(el);
  });
  const disputeHost = h('section', { id: 'dispute' });
  $('inspector').before(disputeHost);
  const guideHost = h('section', { id: 'guide' });
  $('inspector').before(guideHost);
  const guide = buildGuide(guideHost, store, cmd);
  $('toolbar').append(guide.menu);
  revealPaletteOnNew(sheet);
  const updateDispute = buildDispute(disputeHost, store, cmd, {
    pictures: (shots) => scene.pictures(shots),
    frame: hooks.frame,
    whole: hooks.fit,
  });
  const maneuverHost = h('section', { id: 'maneuver' });
  $('inspector').after(maneuverHost);
  // on a phone the sheet goes down once the view is on the plan: the ship and its ghost in the whole canvas
  const maneuver = buildManeuver(maneuverHost, store, cmd, (box) => frameInCanvas(hooks, sheet, box));
  const { updateMeasurements, classEditor } = buildMeasureSections(store, cmd);
  const photoLayer = new PhotoLayer();
  scene.addLayer('on-table', photoLayer);
  // the photo's form after what is about the selected piece (its fields, maneuver, practice maps): on a
  // desktop the Selected panel stays above the fold, under the ruling card
  const practiceHost = h('section', { id: 'practice' });
  maneuverHost.after(practiceHost);
  const photoHost = h('section', { id: 'photo' });
  practiceHost.after(photoHost);
  const photo = buildPhoto(photoHost, $('canvas-host'), store, cmd, photoLayer, () => hooks.schedule(false));
  const showMessage = attachMessages($('message'), cmd, () => store.getState());
  const practice = buildPracticeSection(practiceHost, store, scene, hooks, sheet);
  const updateLabelLegend = buildLabelLegend($('canvas-host'));
  attachPhoneToolbar($('toolbar'), guide.menu);
  const drill = buildDrillPanel(booted, scene, hooks);
  guide.menu.querySelector('.menu-list')?.append(drill.startButton('drill-start-menu'));
  practiceHost.append(drill.startButton('drill-start'));
  const setupPractice = buildSetupPractice(booted, scene, hooks);
  guide.menu.querySelector('.menu-list')?.append(setupPractice.startButton('setup-start-menu'));
  practiceHost.append(setupPractice.startButton('setup-practice-start'));
  // a practice a reload of the tab found under way goes on, and a drill link starts, once the panels are
  // wired (they frame the view)
  requestAnimationFrame(() => resumePractice(booted, drill, setupPractice));

  return {
    onlySelected,
    turnButton,
    ...{ sheet, guide, maneuver, photo, practice, drill },
    /** every panel but the verdict list, from the state and analysis just drawn (see resting) */
    update(s: AppState, analysis: LiveAnalysis) {
      updateToolbar(s);
      if (!s.gestureStart) inspector.update(s);
      guide.update(s);
      updateMeasurements(s);
      classEditor.update(s);
      updateDispute(s, analysis);
      maneuver.update(s, analysis);
      photo.update(s);
      practice.update(s, analysis);
      showMessage(s);
      sheet.follow(s);
      updateLabelLegend(scene.unlabelled);
    },
    /** the pointer rested during a gesture: the inspector's figures (an input's value set is a style pass) */
    resting: (s: AppState) => inspector.update(s),
    /** the verdict of the move under way, in the inspector (written with the verdict list) */
    lead: inspector.lead,
  };
}

export type Panels = ReturnType<typeof buildPanels>;
