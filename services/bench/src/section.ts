/** What a section of the bench hands back: lines for a person, warnings, and figures for BENCH_RESULT. */
export interface SectionOutcome<Figures> {
  lines: string[];
  /** Failed requests and servers' warnings: printed together at the end, so none scrolls by unnoticed. */
  warnings: string[];
  figures: Figures;
}

/** The first line of a section in the report. */
export const heading = (title: string) => `## ${title}`;
