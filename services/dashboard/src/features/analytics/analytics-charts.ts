/** Which charts the analytics screen draws from the days, and in which colours (the app's palette). */
import type { AnalyticsResponse } from '@passes/contracts';
import type { Series } from './DailyChart';

type Day = AnalyticsResponse['days'][number];
type Counter = Exclude<keyof Day, 'date'>;

interface ChartSpec {
  title: string;
  series: readonly { label: string; counter: Counter; color: string }[];
  money?: boolean;
}

const BLUE = '#1f4fd1';
const GREEN = '#146c2e';
const RED = '#b3261e';
const AMBER = '#b26a00';

export const CHARTS: readonly ChartSpec[] = [
  { title: 'Passes issued', series: [{ label: 'Issued', counter: 'passes_issued', color: BLUE }, { label: 'Voided', counter: 'passes_voided', color: RED }] },
  { title: 'Wallet installs', series: [{ label: 'Installed', counter: 'wallet_installs', color: GREEN }, { label: 'Uninstalled', counter: 'wallet_uninstalls', color: RED }] },
  { title: 'Scans and check-ins', series: [{ label: 'Scans', counter: 'scans', color: BLUE }, { label: 'Check-ins', counter: 'check_ins', color: GREEN }] },
  { title: 'Stamps', series: [{ label: 'Stamps given', counter: 'stamps', color: AMBER }] },
  { title: 'Points', series: [{ label: 'Awarded', counter: 'points_awarded', color: GREEN }, { label: 'Spent', counter: 'points_spent', color: RED }] },
  { title: 'Rewards', series: [{ label: 'Earned', counter: 'rewards_earned', color: GREEN }, { label: 'Redeemed', counter: 'rewards_redeemed', color: BLUE }] },
  {
    title: 'Money in and out',
    series: [{ label: 'Topped up', counter: 'topped_up_amount', color: GREEN }, { label: 'Charged', counter: 'charged_amount', color: RED }],
    money: true,
  },
  { title: 'Messages sent', series: [{ label: 'Messages', counter: 'messages_sent', color: BLUE }] },
];

/** The series of one chart over the days. */
export function seriesOf(spec: ChartSpec, days: readonly Day[]): Series[] {
  return spec.series.map(({ label, counter, color }) => ({ label, color, values: days.map((day) => (spec.money ? day[counter] / 100 : day[counter])) }));
}
