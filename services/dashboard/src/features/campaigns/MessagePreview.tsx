/** The message as a holder sees it on the card in their wallet, following every keystroke of the form. */
export function MessagePreview({ header, body }: { header: string; body: string }) {
  return (
    <figure className="message-preview" aria-label="Message preview">
      <div className="preview-card">
        <p className="preview-header">{header.trim() === '' ? 'Your headline' : header}</p>
        <p className="preview-body">{body.trim() === '' ? 'Your message to every holder.' : body}</p>
      </div>
      <figcaption className="muted">On the pass, and on the lock screen where the wallet allows it.</figcaption>
    </figure>
  );
}
