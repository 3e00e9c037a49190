/** Templates: every template of the business, with how its passes look and scan. */
import { useResource } from '../../hooks/use-resource';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { BARCODE_FORMAT_LABELS, cooldownSummary, PASS_TYPE_LABELS } from './template-labels';

export function TemplatesPage() {
  const api = useApi();
  const templates = useResource(() => api.templates.list(), 'templates');
  return (
    <>
      <PageHeader title="Templates">
        <Link to="/templates/new" className="button primary">
          New template
        </Link>
      </PageHeader>
      <ResourceView handle={templates}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="empty">No templates yet. A template decides how your passes look and how they are scanned.</p>
          ) : (
            <ul className="cards">
              {data.map((template) => (
                <li key={template.id} className="card template-card">
                  <span className="swatch" aria-hidden="true" style={{ background: template.colors.background }} />
                  <div>
                    <h2>
                      <Link to={`/templates/${template.id}`}>{template.name}</Link>
                    </h2>
                    <p className="muted">
                      {PASS_TYPE_LABELS[template.pass_type]} · {BARCODE_FORMAT_LABELS[template.barcode_format]} ·{' '}
                      {template.scan_security.signed_barcodes ? 'Signed barcodes' : 'Unsigned barcodes'} · {cooldownSummary(template.scan_security.scan_cooldown)}
                      {template.scan_security.auto_stamp_on_scan ? ' · Auto-stamp on scan' : ''}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </>
  );
}
