/**
 * Analytics: what the business's passes did, day by day in the owner's zone, over a range picked by
 * preset or by dates, for every template or one; the totals, a chart for each kind of figure, and the
 * export (Pro).
 */
import { useMemo, useState } from 'react';
import type { AnalyticsResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProNotice } from '../../ui/ProNotice';
import { ResourceView } from '../../ui/ResourceView';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { CHARTS, seriesOf } from './analytics-charts';
import { browserZone, PRESETS, rangeEnding, todayIn } from './analytics-range';
import { DailyChart } from './DailyChart';
import { ExportPanel } from './ExportPanel';
import './analytics.css';

const ALL = 'all';

const pounds = (value: number) => value.toLocaleString(undefined, { style: 'currency', currency: 'GBP' });

export function AnalyticsPage() {
  const api = useApi();
  const tz = useMemo(browserZone, []);
  const [range, setRange] = useState(() => rangeEnding(todayIn(tz), 30));
  const [template, setTemplate] = useState(ALL);
  const templates = useResource(() => api.templates.list(), 'templates');
  const asked = { ...range, tz, templateId: template === ALL ? null : template };
  const today = todayIn(tz);
  // The preset the dates are, if they are one: shown pressed, so the range in use reads at a glance.
  const isShown = (days: number) => {
    const preset = rangeEnding(today, days);
    return preset.from === range.from && preset.to === range.to;
  };
  const days = useResource(() => api.analytics.days(asked), JSON.stringify(asked));
  const templateChoices = [
    { value: ALL, label: 'All templates' },
    ...(templates.resource.status === 'ready' ? templates.resource.data.data.map((each) => ({ value: each.id, label: each.name })) : []),
  ];
  return (
    <>
      <PageHeader title="Analytics" />
      <ProNotice feature="analytics_export">Your plan is Free: the figures and charts are yours, and exporting them as a CSV file (below) needs Pro.</ProNotice>
      <section className="card analytics-controls" aria-label="Range">
        <div className="analytics-presets" role="group" aria-label="Last">
          {PRESETS.map((preset) => (
            <button key={preset.days} type="button" className="button quiet" aria-pressed={isShown(preset.days)} onClick={() => setRange(rangeEnding(today, preset.days))}>
              {preset.label}
            </button>
          ))}
        </div>
        <div className="analytics-fields">
          <TextField label="From" type="date" value={range.from} onChange={(from) => setRange({ ...range, from })} />
          <TextField label="To" type="date" value={range.to} onChange={(to) => setRange({ ...range, to })} />
          <SelectField label="Template" value={template} choices={templateChoices} onChange={setTemplate} />
        </div>
        <p className="muted">Days in {tz}.</p>
      </section>
      <ResourceView handle={days}>{({ days: shown, totals }) => <Figures days={shown} totals={totals} />}</ResourceView>
      <ExportPanel range={asked} />
    </>
  );
}

function Figures({ days, totals }: Pick<AnalyticsResponse, 'days' | 'totals'>) {
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const charts = useMemo(() => CHARTS.map((spec) => ({ spec, series: seriesOf(spec, days) })), [days]);
  const figures = [
    { label: 'Active passes', value: totals.active_passes },
    { label: 'In wallets', value: totals.installed_passes },
    { label: 'Issued', value: totals.passes_issued },
    { label: 'Scans', value: totals.scans },
    { label: 'Stamps', value: totals.stamps },
    { label: 'Rewards redeemed', value: totals.rewards_redeemed },
  ];
  return (
    <>
      <dl className="analytics-totals" aria-label="Totals">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <div className="analytics-charts">
        {charts.map(({ spec, series }) => (
          <DailyChart key={spec.title} title={spec.title} dates={dates} series={series} {...(spec.money ? { format: pounds } : {})} />
        ))}
      </div>
    </>
  );
}
