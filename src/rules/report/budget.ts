/**
 * A deadline for one analysis: work past it is left out and the report says so (`partial`), so a
 * heavy table gets an answer in bounded time instead of none. Checked between attacks (every
 * 32), between pairs of pieces in the pair sections (distances, overlaps, collisions), between
 * proposals, and inside the long ones (a fan's maneuvers, a round's moves, an exogorth's
 * placement orders); a single attack, pair, maneuver or move is never cut in half. Once over, a
 * budget stays over (`over` is monotonic), so the entries kept are always the first ones asked,
 * in order. The CLI gives it a deadline counted from the process's start and checks it again as
 * it writes (src/cli/analyze.ts), so the whole run is bounded.
 */

/** The sections a budget can cut. */
export type BudgetedSection =
  | 'refine'
  | 'photo'
  | 'distances'
  | 'overlaps'
  | 'collisions'
  | 'attacks'
  | 'proposals';

/** How much of a cut section was judged: pairs of pieces for distances, overlaps and collisions; attacks; proposals. */
export interface SectionCut {
  judged: number;
  asked: number;
}

export interface PartialNote {
  /** why the report is not whole */
  reason: string;
  budgetMs: number;
  attacksJudged: number;
  attacksAsked: number;
  /** ids of the proposals not judged (they are absent from `proposals`) */
  proposalsNotJudged: string[];
  /**
   * Every section the budget cut, in the order they are judged, with how much of it was judged:
   * the entries present are exactly those of the first `judged` pairs (attacks, proposals) in
   * the section's usual order. A section not named here is whole.
   */
  sections: Partial<Record<BudgetedSection, SectionCut>>;
  /**
   * Proposals present but cut inside (only when there are): the first `judged` of the `asked`
   * parts (a fan's maneuvers, a round's moves, an exogorth's placement orders) were judged.
   */
  proposalsCut?: ProposalCut[];
}

/** A proposal the budget cut inside. */
export interface ProposalCut {
  id: string;
  /**
   * what was cut: 'maneuvers' (a fan), 'moves' (a purrgil round), 'placement orders' (an exogorth's displaced
   * squadrons)
   */
  of: 'maneuvers' | 'moves' | 'placement orders';
  judged: number;
  asked: number;
}

export class Budget {
  private readonly end: number;
  attacksJudged = 0;
  attacksAsked = 0;
  proposalsNotJudged: string[] = [];
  /** proposals asked (judged or not), counted by proposals() */
  proposalsAsked = 0;
  /** proposals cut inside, in the order they were judged */
  proposalsCut: ProposalCut[] = [];
  /** pairs of pieces judged and asked, per pair section (only sections judged under this budget) */
  private pairs = new Map<BudgetedSection, SectionCut>();

  /**
   * `ms` from now, or from `opts.start` (a reading of `now`: the CLI passes 0, its process's
   * start), less `opts.reserveMs` kept for what follows the last check (writing the rest).
   */
  constructor(
    readonly ms: number,
    private readonly now: () => number = () => performance.now(),
    opts: { start?: number; reserveMs?: number } = {},
  ) {
    this.end = (opts.start ?? now()) + ms - (opts.reserveMs ?? 0);
  }

  private lastCheck = NaN;
  private lastStep = 0;
  private spent = false;

  /**
   * true once the deadline has passed, or would have by the next check: a section checks every
   * few pieces of work (32 attacks), and on a pile of 200 pieces 32 attacks take up to a second,
   * so the time since the previous check is taken as the next step's and that step is not begun
   * if it would end past the deadline.
   */
  over(): boolean {
    if (this.spent) return true; // monotonic: once over, whatever the next step's estimate
    const t = this.now();
    if (this.lastCheck === this.lastCheck) this.lastStep = t - this.lastCheck;
    this.lastCheck = t;
    this.spent = t + this.lastStep > this.end;
    return this.spent;
  }

  /**
   * A step of very different length follows (writing after judging): the next check does not take the last
   * step's length.
   */
  newStep(): void {
    this.lastCheck = NaN;
    this.lastStep = 0;
  }

  /** Record a proposal cut inside (kept in `partial.proposalsCut`). */
  cutInside(c: ProposalCut): void {
    this.proposalsCut.push(c);
  }

  /** marked pieces of the photo fitted, of those marked (the CLI fits the photo first, under the budget) */
  photoFitted = 0;
  photoAsked = 0;
  /** marks refined on the photo's image, of those to refine (the CLI with `photo.image`, before the fit) */
  refineDone = 0;
  refineAsked = 0;

  /** A pair section's count: `judged` of the `asked` pairs of pieces (adds up over calls). */
  countPairs(section: 'distances' | 'overlaps' | 'collisions', judged: number, asked: number): void {
    const c = this.pairs.get(section) ?? { judged: 0, asked: 0 };
    c.judged += judged;
    c.asked += asked;
    this.pairs.set(section, c);
  }

  /** The note a partial report carries, or null when everything asked was judged. */
  note(): PartialNote | null {
    const sections: PartialNote['sections'] = {};
    if (this.refineDone < this.refineAsked)
      sections.refine = { judged: this.refineDone, asked: this.refineAsked };
    if (this.photoFitted < this.photoAsked)
      sections.photo = { judged: this.photoFitted, asked: this.photoAsked };
    for (const s of ['distances', 'overlaps', 'collisions'] as const) {
      const c = this.pairs.get(s);
      if (c && c.judged < c.asked) sections[s] = { ...c };
    }
    if (this.attacksJudged < this.attacksAsked)
      sections.attacks = { judged: this.attacksJudged, asked: this.attacksAsked };
    if (this.proposalsNotJudged.length || this.proposalsCut.length) {
      const asked = this.proposalsAsked;
      sections.proposals = { judged: asked - this.proposalsNotJudged.length, asked };
    }
    if (!Object.keys(sections).length) return null;
    const note: PartialNote = {
      reason:
        `the analysis stopped at its budget of ${Math.round(this.ms)} ms; what it had not judged by then is ` +
        `left out`,
      budgetMs: this.ms,
      attacksJudged: this.attacksJudged,
      attacksAsked: this.attacksAsked,
      proposalsNotJudged: this.proposalsNotJudged,
      sections,
    };
    if (this.proposalsCut.length) note.proposalsCut = this.proposalsCut;
    return note;
  }
}

/** The sections a partial note names, in words: "collisions (0 of 11175 pairs), attacks (640 of 45000)". */
export function cutSections(note: Pick<PartialNote, 'sections' | 'proposalsCut'> | undefined): string {
  const s = note?.sections ?? {};
  const inside = note?.proposalsCut ?? [];
  return (Object.entries(s) as [BudgetedSection, SectionCut][])
    .map(
      ([k, c]) =>
        `${k} (${c.judged} of ${c.asked}${['distances', 'overlaps', 'collisions'].includes(k) ? ' pairs' : ''}` +
        `${k === 'photo' ? ' marked pieces fitted' : ''}` +
        `${k === 'refine' ? ' marks refined on the image' : ''}` +
        `${
          k === 'proposals' && inside.length
            ? `; cut inside: ` +
              `${inside.map((p) => `${p.id}, ${p.judged} of ${p.asked} ${p.of}`).join('; ')}`
            : ''
        })`,
    )
    .join(', ');
}

/**
 * Read every property of a report entry once, so the values worked out when first read (an
 * overlap's depth, a maneuver's sentence: `lazy` getters that keep their value) are worked out
 * now, inside the budget, and not while the report is written after it.
 */
export function settle(value: unknown, depth = 0): void {
  if (!value || typeof value !== 'object' || depth > 8) return;
  if (Array.isArray(value)) {
    for (const v of value) settle(v, depth + 1);
    return;
  }
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === 'function') {
    settle(toJSON.call(value), depth + 1);
    return;
  }
  for (const k of Object.keys(value)) settle((value as Record<string, unknown>)[k], depth + 1);
}
