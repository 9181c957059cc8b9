/**
 * A deadline for one analysis: work past it is left out and the report says so (`partial`), so a
 * heavy table gets an answer in bounded time instead of none. Checked between attacks (every
 * 32) and between proposals; a single attack or proposal is never cut in half.
 */
export interface PartialNote {
  /** why the report is not whole */
  reason: string;
  budgetMs: number;
  attacksJudged: number;
  attacksAsked: number;
  /** ids of the proposals not judged (they are absent from `proposals`) */
  proposalsNotJudged: string[];
}

export class Budget {
  private readonly end: number;
  attacksJudged = 0;
  attacksAsked = 0;
  proposalsNotJudged: string[] = [];

  constructor(readonly ms: number, private readonly now: () => number = () => performance.now()) {
    this.end = now() + ms;
  }

  /** true once the deadline has passed */
  over(): boolean {
    return this.now() > this.end;
  }

  /** The note a partial report carries, or null when everything asked was judged. */
  note(): PartialNote | null {
    if (this.attacksJudged === this.attacksAsked && this.proposalsNotJudged.length === 0) return null;
    return {
      reason: `the analysis stopped at its budget of ${Math.round(this.ms)} ms; what it had not judged by then is left out`,
      budgetMs: this.ms, attacksJudged: this.attacksJudged, attacksAsked: this.attacksAsked,
      proposalsNotJudged: this.proposalsNotJudged,
    };
  }
}
