/** A secret the API shows once (an API key, a webhook's signing secret): copy it now or never. */
import { useId } from 'react';
import { CopyButton } from './CopyButton';

export function OneTimeSecret({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  const id = useId();
  return (
    <section className="one-time-secret" aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>{title}</h2>
      <p className="warning">
        <strong>This is the only time it is shown.</strong> Copy it now and keep it somewhere safe; if it is lost, create a new one.
      </p>
      <label htmlFor={`${id}value`}>Secret</label>
      <div className="secret-row">
        {/* Wrapped whole on as many lines as it takes, with room below each line: nothing cut off, underscores included. */}
        <textarea id={`${id}value`} className="secret" value={secret} readOnly rows={2} spellCheck={false} onFocus={(event) => event.target.select()} />
        <CopyButton text={secret} label="Copy" targetId={`${id}value`} />
      </div>
      <button type="button" className="button" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}
