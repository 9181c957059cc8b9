/**
 * A deadline for one analysis: work past it is left out and the report says so (`partial`), so a
 * heavy table gets an answer in bounded time instead of none. Checked between attacks (every
 * 32), between pairs of pieces in the pair sections (distances, overlaps, collisions) and between
 * proposals; a single attack, pair or proposal is never cut in half.
 */

/** The sections a budget can cut. */
export type BudgetedSection = 'distances' | 'overlaps' | 'collisions' | 'attacks' | 'proposals';

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
}

export class Budget {
  private readonly end: number;
  attacksJudged = 0;
  attacksAsked = 0;
  proposalsNotJudged: string[] = [];
  /** proposals asked (judged or not), counted by proposals() */
  proposalsAsked = 0;
  /** pairs of pieces judged and asked, per pair section (only sections judged under this budget) */
  private pairs = new Map<BudgetedSection, SectionCut>();

  constructor(readonly ms: number, private readonly now: () => number = () => performance.now()) {
    this.end = now() + ms;
  }

  private lastCheck = NaN;
  private lastStep = 0;

  /**
   * true once the deadline has passed, or would have by the next check: a section checks every
   * few pieces of work (32 attacks), and on a pile of 200 pieces 32 attacks take up to a second,
   * so the time since the previous check is taken as the next step's and that step is not begun
   * if it would end past the deadline.
   */
  over(): boolean {
    const t = this.now();
    if (this.lastCheck === this.lastCheck) this.lastStep = t - this.lastCheck;
    this.lastCheck = t;
    return t + this.lastStep > this.end;
  }

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
    for (const s of ['distances', 'overlaps', 'collisions'] as const) {
      const c = this.pairs.get(s);
      if (c && c.judged < c.asked) sections[s] = { ...c };
    }
    if (this.attacksJudged < this.attacksAsked) sections.attacks = { judged: this.attacksJudged, asked: this.attacksAsked };
    if (this.proposalsNotJudged.length) {
      const asked = this.proposalsAsked;
      sections.proposals = { judged: asked - this.proposalsNotJudged.length, asked };
    }
    if (!Object.keys(sections).length) return null;
    return {
      reason: `the analysis stopped at its budget of ${Math.round(this.ms)} ms; what it had not judged by then is left out`,
      budgetMs: this.ms, attacksJudged: this.attacksJudged, attacksAsked: this.attacksAsked,
      proposalsNotJudged: this.proposalsNotJudged, sections,
    };
  }
}

/** The sections a partial note names, in words: "collisions (0 of 11175 pairs), attacks (640 of 45000)". */
export function cutSections(note: Pick<PartialNote, 'sections'> | undefined): string {
  const s = note?.sections ?? {};
  return (Object.entries(s) as [BudgetedSection, SectionCut][])
    .map(([k, c]) => `${k} (${c.judged} of ${c.asked}${k === 'distances' || k === 'overlaps' || k === 'collisions' ? ' pairs' : ''})`)
    .join(', ');
}
