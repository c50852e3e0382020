import { NOTE_MAX } from '@shared/notes/constants';
import type { NoteView } from '@shared/notes/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LockIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { problemText } from '../../i18n/error-text';
import { failureMessage } from '../api/client';
import { addNote, showNotes, type NoteSubject } from '../api/notes';
import { useNow } from '../dashboard/time';
import { useAdminText } from '../i18n';
import { useAgo } from '../subscriptions/time-text';
import { useAdminDates } from '../ui/dates';
import { FormField } from '../ui/FormField';
import { noteProblem, refusedNoteProblem } from './note-form';
import './notes.css';

export interface NotesSectionProps {
  subject: NoteSubject;
  /** The subject's notes, newest first, as its detail or page holds them (live events keep them current). */
  notes: NoteView[];
  /** 2 on a page, 3 in a modal. */
  headingLevel?: 2 | 3;
}

/**
 * The admins' internal notes on an order or a customer (docs/product.md#notes): said to be never
 * shown to the customer, the form to add one, then the notes, newest first, with who wrote them
 * and when.
 */
export function NotesSection({ subject, notes, headingLevel = 3 }: NotesSectionProps) {
  const t = useAdminText();
  const titleId = useId();
  const Title = `h${headingLevel}` as const;
  return (
    <section className="admin-notes" aria-labelledby={titleId} data-testid="notes">
      <div>
        <Title id={titleId} className="admin-panel-title">
          {t('admin.notes.title')}
        </Title>
        <p className="admin-notes-private">
          <LockIcon size={16} />
          {t('admin.notes.private')}
        </p>
      </div>
      <NoteForm subject={subject} />
      {notes.length > 0 ? (
        <NoteList notes={notes} />
      ) : (
        <p className="admin-empty-text" data-testid="notes-empty">
          {t('admin.notes.empty')}
        </p>
      )}
    </section>
  );
}

/** Saves a note; the subject's notes, with it, show at once. A refused text is said at the field. */
function useAddNote(subject: NoteSubject) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addNote(subject, text),
    onSuccess: ({ notes }) => {
      showNotes(queryClient, subject, notes);
      toast.success(t('admin.notes.saved'));
    },
    onError: (error) => {
      if (!refusedNoteProblem(error)) toast.error(failureMessage(error, t('admin.notes.saveFailed')));
    },
  });
}

/**
 * "Add a note": checked once the field is left with something typed, or on Save, by the server's
 * rule; emptied once saved.
 */
function NoteForm({ subject }: { subject: NoteSubject }) {
  const t = useAdminText();
  const intl = useIntl();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const save = useAddNote(subject);
  const field = useRef<HTMLTextAreaElement>(null);
  const refused = save.isError ? refusedNoteProblem(save.error) : undefined;
  const problem = checked ? (noteProblem(text) ?? refused) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    // Refused before sending: the field that says why gets the focus.
    if (noteProblem(text)) return field.current?.focus();
    if (save.isPending) return;
    save.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setChecked(false);
      },
      onError: () => field.current?.focus(),
    });
  };
  return (
    <form className="admin-note-form" onSubmit={submit} noValidate data-testid="note-form">
      <FormField
        label={t('admin.notes.add')}
        hint={t('admin.notes.hint', { max: NOTE_MAX })}
        error={problem && (problemText(intl, problem) ?? t('admin.notes.saveFailed'))}
        errorTestId="note-error"
      >
        {(props) => (
          <textarea
            {...props}
            ref={field}
            className="textarea"
            dir="auto"
            rows={3}
            maxLength={NOTE_MAX}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              // A refusal was about the text sent, not this one.
              if (save.isError) save.reset();
            }}
            onBlur={() => text && setChecked(true)}
            data-testid="note-text"
          />
        )}
      </FormField>
      <div className="admin-note-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending} data-testid="note-save">
          {save.isPending && <Spinner size="sm" />}
          {t(save.isPending ? 'admin.notes.saving' : 'admin.notes.save')}
        </button>
      </div>
    </form>
  );
}

function NoteList({ notes }: { notes: NoteView[] }) {
  const t = useAdminText();
  const dates = useAdminDates();
  const ago = useAgo();
  const now = useNow();
  return (
    <ol className="admin-notes-list" aria-label={t('admin.notes.list')} data-testid="notes-list">
      {notes.map((note) => (
        <li key={note.id} className="admin-note" data-testid="note">
          <p className="admin-note-meta">
            <span className="admin-note-author" dir="auto" data-testid="note-author">
              {note.authorName}
            </span>
            <time dateTime={note.at} title={dates.dateTime(note.at, { weekday: true })}>
              {ago(note.at, now)}
            </time>
          </p>
          <p className="admin-note-text" dir="auto" data-testid="note-text-shown">
            {note.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
