/** How a pass names one occurrence of one automation among those it ran (Pass.automationRuns). */
export function automationRunKey(automationId: string, occurrence: string): string {
  return `${automationId}/${occurrence}`;
}
