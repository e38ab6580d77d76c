/** A call's failure, read out at once (role alert); nothing when there is none. */
export function Failure({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className="opac-error" role="alert">
      {text}
    </p>
  );
}

export type Note = { ok: boolean; text: string } | null;

/** The outcome of a reader's action: confirmation (status) or refusal (alert). */
export function Notice({ note }: { note: Note }) {
  if (!note) return null;
  return (
    <p className={note.ok ? 'opac-ok' : 'opac-error'} role={note.ok ? 'status' : 'alert'}>
      {note.text}
    </p>
  );
}
