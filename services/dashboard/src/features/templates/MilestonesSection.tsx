/**
 * A template's reward milestones ("at 10 stamps, a free coffee"): each with its terms and status, a new
 * one, a change to one, archiving one. Archived milestones stay listed; the rewards they gave stay too.
 */
import { useState } from 'react';
import type { MilestoneListResponse, MilestoneResponse } from '@passes/contracts';
import type { ResourceHandle } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { milestoneLine } from '../../ui/reward-words';
import { StatusBadge } from '../../ui/StatusBadge';
import { checkMilestoneChange, checkNewMilestone, milestoneFormOf, NEW_MILESTONE_FORM } from '../../validation/milestone-form';
import { MilestoneEditor } from './MilestoneEditor';

export function MilestonesSection({ templateId, milestones }: { templateId: string; milestones: ResourceHandle<MilestoneListResponse> }) {
  const api = useApi();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const archival = useSubmission();
  // The answer is the milestone as it now stands: the list takes it at once, so what it shows and the message agree.
  const saved = (milestone: MilestoneResponse, message: string) => {
    const { resource } = milestones;
    if (resource.status === 'ready') {
      const listed = resource.data.data;
      const data = listed.some((one) => one.id === milestone.id) ? listed.map((one) => (one.id === milestone.id ? milestone : one)) : [...listed, milestone];
      milestones.replace({ ...resource.data, data });
    }
    setEditing(null);
    setDone(message);
  };
  const archive = async (milestone: MilestoneResponse) => {
    setDone(null);
    const archived = await archival.run(`archive ${milestone.id}`, () => api.milestones.archive(milestone.id));
    if (archived) saved(archived, `${archived.name} archived.`);
  };

  return (
    <section className="card milestones" aria-labelledby="milestones-heading">
      <h2 id="milestones-heading">Reward milestones</h2>
      <p className="muted">A pass earns the reward when its stamps or points reach the milestone; redeeming it takes them off again.</p>
      <p role="status">{done ?? ''}</p>
      <ProblemNotice problem={archival.problem} />
      <ResourceView handle={milestones}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="empty">No milestones yet.</p>
          ) : (
            <ul className="list" aria-label="Milestones">
              {data.map((milestone) => (
                <li key={milestone.id} className="list-row" data-milestone-name={milestone.name}>
                  {editing === milestone.id ? (
                    <div>
                      <MilestoneEditor
                        title={`Change ${milestone.name}`}
                        initial={milestoneFormOf(milestone)}
                        metricChangeable={false}
                        submitLabel="Save milestone"
                        check={checkMilestoneChange}
                        save={(body, key) => api.milestones.update(milestone.id, body, key)}
                        onSaved={(changed) => saved(changed, `${changed.name} saved.`)}
                        onCancel={() => setEditing(null)}
                      />
                    </div>
                  ) : (
                    <>
                      <div>
                        <p>
                          <strong>{milestone.name}</strong>
                        </p>
                        <p>{milestoneLine(milestone)}</p>
                        <p className="muted">
                          Counts {milestone.metric}
                          {milestone.reward_expires_after_days === null ? ' · never expires' : ` · expires ${milestone.reward_expires_after_days} days after it is earned`}
                        </p>
                      </div>
                      <StatusBadge status={milestone.status} />
                      {milestone.status === 'active' && (
                        <span className="action-buttons">
                          <button type="button" className="button" aria-label={`Edit ${milestone.name}`} onClick={() => setEditing(milestone.id)}>
                            Edit
                          </button>
                          <ConfirmButton
                            label="Archive"
                            confirmLabel="Archive now"
                            question={`Archive ${milestone.name}? It stops giving rewards; the rewards it gave stay.`}
                            pending={archival.pending}
                            onConfirm={() => void archive(milestone)}
                          />
                        </span>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
      <MilestoneEditor
        key={adding}
        title="Add a milestone"
        initial={NEW_MILESTONE_FORM}
        metricChangeable
        submitLabel="Add milestone"
        check={(form) => checkNewMilestone(form, templateId)}
        save={(body, key) => api.milestones.create(body, key)}
        onSaved={(created) => {
          setAdding((value) => value + 1);
          saved(created, `${created.name} added.`);
        }}
      />
    </section>
  );
}
