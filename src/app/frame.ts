/**
 * The frame loop: at most one draw per animation frame. A draw judges what changed (live on the
 * main thread, the full report from the worker once the pieces are still), builds the overlays,
 * draws the scene, saves the table, and refreshes the panels (during a gesture the verdict list
 * once the pointer rests).
 */
import { buildOverlays } from '../state/overlays/campaign';
import { addManeuverOverlays } from '../state/overlays/maneuver';
import type { Scene } from '../render/scene';
import type { Entry } from '../rules/world';
import { cutSections, type PartialNote } from '../rules/report/budget';
import { liveAnalysis, primeDrag, type LiveAnalysis } from '../state/analysis';
import { facingPair } from '../rules/attacks/facing';
import { FullAnalysis, WORKER_BUDGET_MS } from '../state/full-analysis';
import { WARM_STEPS, warmUpSteps } from '../state/warm-up';
import type { AppState } from '../state/store';
import { renderVerdicts } from '../ui/verdicts';
import type { Booted } from './boot';
import type { Panels } from './panels';

type Overlays = ReturnType<typeof buildOverlays>;

/** how long the pointer rests during a drag before the verdict list is written again (ms) */
export const PANEL_REST_MS = 150;

function partialMessage(p: PartialNote) {
  const left = p.proposalsNotJudged;
  const proposals = left.length
    ? `; proposals not judged: ${left.slice(0, 5).join(', ')}${left.length > 5 ? ', ...' : ''}`
    : '';
  return (
    `This table is too heavy to judge whole in the browser: partial: ${p.attacksJudged} of ${p.attacksAsked} ` +
    `attacks judged in ${WORKER_BUDGET_MS / 1000} s (cut: ${cutSections(p)})${proposals}. The rest are left ` +
    'out; fewer pieces, or the command-line analysis (--budget), judge them all.'
  );
}

/** how many of the warm-up's last steps are drawn too, off screen (Scene.rehearse) */
const WARM_DRAWN = 30;

export class FrameLoop {
  analysis: LiveAnalysis;
  overlays: Overlays;
  readonly full: FullAnalysis;
  panels!: Panels;
  private frame = 0;
  private panelDue = true;
  /**
   * Whether the next frame draws the scene: false when it was asked only for the verdict list (the
   * pointer rested during a gesture), which then is written from the picture already drawn.
   */
  private sceneDue = true;
  /** when the last pointer move came, and the timer that writes the verdict list once it rests */
  private lastInput = 0;
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  /** input waiting for the next frame (a drag's latest pointer position) */
  private input: (() => void) | null = null;
  private readonly verdicts = document.getElementById('verdicts') as HTMLElement;

  constructor(
    private readonly booted: Booted,
    private readonly scene: Scene,
  ) {
    const { store, cmd } = booted;
    this.full = new FullAnalysis(
      (table, report, ms) => {
        if (this.analysis.table !== table) return;
        this.analysis = { table, world: this.analysis.world, report, live: false, attacker: null, ms };
        if (report.partial) cmd.message('error', partialMessage(report.partial as PartialNote));
        this.schedule(true);
      },
      (table) => {
        // judge in place instead
        if (this.analysis.table === table) {
          this.analysis = liveAnalysis(table, this.analysis);
          this.schedule(true);
        }
      },
    );
    // first picture at once; the full report follows from the worker
    const table = store.getState().table;
    this.analysis = this.full.available
      ? liveAnalysis(table, undefined, { attacker: null })
      : liveAnalysis(table);
    this.overlays = buildOverlays(store.getState(), this.analysis);
  }

  /** whether the drag's judging has been run once on the page (warmUp) */
  private warm = false;

  /**
   * Once, right after the first whole report's picture and panels of a table with a ship, a step per task:
   * the judging of a drag run on copies of the table, so that a player's first drag does not run it cold
   * (warmUpSteps). Its last WARM_DRAWN steps are drawn too, off screen, by the page's own renderer
   * (Scene.rehearse): a first drag's first steps drew in some 25-40 ms at 4x CPU throttle, twice the steps
   * after them, and a drag drawn before it (not the same code run by another renderer) made them as fast.
   * A piece moving, or another table, stops it; the next whole report's panels start it again.
   */
  private warmSoon(from: LiveAnalysis) {
    if (this.warm) return;
    this.warm = true;
    const table = from.table;
    const steps = warmUpSteps(table, from);
    // the warm-up's own time, written on the page once it ends (data-warm-ms: the speed bench reports it)
    let [ms, judged, drawn] = [0, 0, 0];
    const next = () => {
      const s = this.booted.store.getState();
      if (s.gestureStart || s.table !== table) {
        this.warm = false;
        return;
      }
      const t0 = performance.now();
      let done = true;
      try {
        const step = steps.next();
        done = !!step.done;
        // the last steps drawn too, off screen, by the page's own renderer (see Scene.rehearse)
        if (!step.done && judged >= WARM_STEPS - WARM_DRAWN) {
          this.rehearse(s, step.value);
          drawn++;
        } else if (done && drawn) this.scene.rehearsed();
      } catch {
        // a warm-up is only ever a speed-up: an answer it could not reach is the drag's to find
      }
      ms += performance.now() - t0;
      if (!done) {
        if (judged++ === 0) document.body.dataset.warm = 'running';
        setTimeout(next, 0);
      } else if (judged === 0) {
        this.warm = false; // nothing to judge on this table (no ship): the next table's report tries again
      } else {
        document.body.dataset.warm = 'done';
        document.body.dataset.warmMs = ms.toFixed(0);
        document.body.dataset.warmDrawn = String(drawn);
      }
    };
    setTimeout(next, 0);
  }

  /** A warm-up step drawn as a drag step is (the moved ship selected, its zone attacking, mid-gesture). */
  private rehearse(s: AppState, a: LiveAnalysis) {
    const attacker = a.attacker;
    const state: AppState = {
      ...s,
      table: a.table,
      gestureStart: s.table,
      selected: attacker ? attacker.split('.')[0] : null,
      attacker,
      defender: null,
    };
    this.scene.rehearse(state, a, buildOverlays(state, a));
  }

  /** Hit tests read the world of the table as it is now, even between frames. */
  current() {
    if (this.booted.store.getState().table !== this.analysis.table) {
      cancelAnimationFrame(this.frame);
      this.draw();
    }
  }

  pickable(): Entry[] {
    this.current();
    const w = this.analysis.world;
    const ghosts = this.overlays.ghosts.map((g) => g.entry);
    return [...w.squadrons, ...w.tokens, ...ghosts, ...w.ships, ...w.obstacles] as Entry[];
  }

  byId(id: string): Entry | undefined {
    this.current();
    return this.analysis.world.byId.get(id) ?? this.overlays.ghosts.find((g) => g.entry.id === id)?.entry;
  }

  /** Draw now, whatever is pending (the e2e tests' redrawNow). */
  drawNow() {
    cancelAnimationFrame(this.frame);
    this.draw();
    this.writePanels();
  }

  /** Run `apply` at the start of the next frame, before it is drawn (pointer moves coalesced to one change a frame). */
  atFrame(apply: () => void) {
    this.input = apply;
    this.lastInput = performance.now();
    this.schedule(false);
  }

  schedule(panel = true) {
    if (panel) this.panelDue = true;
    this.sceneDue = true;
    this.ask();
  }

  private ask() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.onFrame());
  }

  /**
   * An animation frame: the scene drawn, unless the frame was asked only for the verdict list of
   * what the last frame drew (the same state and analysis), which is then all it writes.
   */
  private onFrame() {
    if (this.listOnly()) {
      this.frame = 0;
      this.drawPanel(performance.now(), this.lastDrawn!.s, this.lastDrawn!.a);
      return;
    }
    this.draw();
  }

  /** Whether nothing is due but the verdict list of what the last frame drew (the same state and analysis). */
  private listOnly(): boolean {
    const last = this.lastDrawn;
    return (
      !this.sceneDue &&
      !this.input &&
      !!last &&
      last.s === this.booted.store.getState() &&
      last.a === this.analysis
    );
  }

  /** what the last frame drew */
  private lastDrawn: { s: ReturnType<Booted['store']['getState']>; a: LiveAnalysis } | null = null;

  private judge() {
    const s = this.booted.store.getState();
    const moving = !!s.gestureStart;
    const a = this.analysis;
    if (moving || this.full.available) {
      // the picture now (overlaps, campaign verdicts, the selected attacker's attacks) ...
      // (while a piece moves with a worker at hand, only what this frame draws: the worker judges the rest)
      if (s.table !== a.table || (a.live && a.attacker !== s.attacker)) {
        const frameOnly = moving && this.full.available;
        this.analysis = liveAnalysis(s.table, a, { attacker: s.attacker, frameOnly });
      }
      // ... and, once the pieces are still, every attack from the worker (not while a piece moves: nothing
      // drawn then needs more than the frame judged, and taking in a whole report costs a phone a stall)
      if (!moving && (this.analysis.live || this.analysis.proposalsPending)) this.full.request(s.table);
    } else if (s.table !== a.table || a.live) {
      this.analysis = liveAnalysis(s.table, a);
    }
  }

  /**
   * Whether the pointer has rested PANEL_REST_MS during a gesture. Until then a timer asks for the
   * frame that will find it rested (which writes the verdict list).
   */
  private rested(now: number): boolean {
    const wait = this.lastInput + PANEL_REST_MS - now;
    if (wait <= 0) return true;
    // one timer at a time: set again at every step, a timer cost the frame more than the check it makes
    if (this.restTimer !== undefined) return false;
    this.restTimer = setTimeout(() => {
      this.restTimer = undefined;
      // moved since the timer was set: wait out the rest from the last move
      if (this.booted.store.getState().gestureStart && !this.restedNow()) return;
      // the verdict list only: the picture is drawn already, so it is written in this task, between frames
      // (a frame asked for it would hold the next step's picture back by the list's time); a frame already
      // asked for, or a change since, draws first and writes it then
      this.panelDue = true;
      if (this.frame || !this.listOnly()) this.ask();
      else this.drawPanel(performance.now(), this.lastDrawn!.s, this.lastDrawn!.a);
    }, wait + 1);
    return false;
  }

  /** rested(now), asking for no timer: whether the pointer has rested PANEL_REST_MS (or the timer set again) */
  private restedNow(): boolean {
    return this.rested(performance.now());
  }

  /** the pair last followed: its table and pieces (facingPair judges up to 16 attacks) */
  private followed = '';
  private followedTable: unknown = null;

  /**
   * A pair chosen by dragging its pieces: its hull zones follow the pieces once they are still (the
   * zones that face each other). True when the pair changed.
   */
  private followPair(): boolean {
    const { store, cmd } = this.booted;
    const s = store.getState();
    if (!s.pairFollows || !s.attacker || !s.defender || s.gestureStart) return false;
    const key = `${s.attacker}|${s.defender}`;
    if (this.followedTable === s.table && this.followed === key) return false;
    const [a, d] = [s.attacker.split('.')[0], s.defender.split('.')[0]];
    let f: ReturnType<typeof facingPair> = null;
    try {
      f = facingPair(this.analysis.world, a, d);
    } catch {
      f = null; // a piece the world does not hold (yet): the pair stays as chosen
    }
    if (f) cmd.follow(f.attacker, f.defender);
    this.followedTable = s.table;
    this.followed = f ? `${f.attacker}|${f.defender}` : key;
    return !!f && `${f.attacker}|${f.defender}` !== key;
  }

  /**
   * While a piece moves, the verdict list (and the inspector's figures) are written once the pointer has
   * rested PANEL_REST_MS: rewriting them at every step costs more than the step's judging.
   */
  private drawPanel(now: number, s: ReturnType<Booted['store']['getState']>, analysis: LiveAnalysis) {
    if (!this.panelDue || (s.gestureStart && !this.rested(now))) return;
    try {
      renderVerdicts(this.verdicts, s, analysis, this.panels.onlySelected.value, this.overlays.panel);
      this.panels.lead(this.overlays.lead);
      if (s.gestureStart) this.panels.resting(s);
    } catch (e) {
      // the panel must never take the drawing loop down with it
      this.verdicts.textContent = `The verdict panel could not be drawn: ${(e as Error).message}`;
    }
    // still due if the table or its analysis changed since the frame written (the worker's report came between
    // that frame and its panels): the change asked for a frame of its own, whose panels must be written too
    this.panelDue = s !== this.booted.store.getState() || analysis !== this.analysis;
  }

  draw() {
    if (this.input) {
      const apply = this.input;
      this.input = null;
      this.frame = -1; // the change it makes is drawn now, not in another frame
      apply();
    }
    this.frame = 0;
    this.sceneDue = false;
    const { store } = this.booted;
    this.judge();
    if (this.followPair()) this.judge();
    const s = store.getState();
    this.overlays = buildOverlays(s, this.analysis);
    const planned = this.panels.maneuver.drawing(s, this.analysis);
    // the planning ship's own lines give way to its ghost (another ship selected keeps its lines)
    this.scene.quietForPlan = !!planned && s.attacker?.split('.')[0] === planned.answer.ship;
    if (planned) {
      addManeuverOverlays(this.overlays, this.analysis.world, planned.answer, planned.fan, planned.speed);
    }
    this.scene.render(s, this.analysis, this.overlays);
    this.panelsFor = this.lastDrawn = { s, a: this.analysis };
    // while a piece moves, the panels are part of the frame the finger feels; otherwise (a table
    // opened, a change, the worker's report) they are written in a task of their own right after it,
    // so that the first picture of a crowded table and its panels are not one long task
    if (s.gestureStart) this.writePanels();
    else this.panelChannel.port2.postMessage(0);
  }

  /** what the last frame drew, for its panels (written by writePanels, once) */
  private panelsFor: { s: ReturnType<Booted['store']['getState']>; a: LiveAnalysis } | null = null;
  private readonly panelChannel = (() => {
    const c = new MessageChannel();
    c.port1.onmessage = () => this.writePanels();
    return c;
  })();

  private writePanels() {
    const due = this.panelsFor;
    if (!due) return; // written already (a frame since, or drawNow)
    this.panelsFor = null;
    this.drawPanel(performance.now(), due.s, due.a);
    this.panels.update(due.s, due.a);
    document.body.dataset.ready = 'true';
    if (!due.a.live) {
      this.warmSoon(due.a);
      this.primeSoon(due.a, due.s.attacker);
    }
  }

  /** the picture's world and attacker last readied for a drag (primeDrag) */
  private primed: { world: LiveAnalysis['world']; attacker: string } | null = null;

  /**
   * After a whole picture's panels, in a task of its own: the selected attacker's drag readied (primeDrag), so
   * that a drag's first step does not build the attack context whole in its frame.
   */
  private primeSoon(a: LiveAnalysis, attacker: string | null) {
    if (!attacker || (this.primed?.world === a.world && this.primed.attacker === attacker)) return;
    this.primed = { world: a.world, attacker };
    setTimeout(() => {
      const s = this.booted.store.getState();
      if (!s.gestureStart && this.analysis === a && s.attacker === attacker) primeDrag(a, attacker);
    }, 0);
  }
}
