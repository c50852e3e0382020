import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { useAdminText } from '../i18n';
import { Modal, type ModalSize } from './Modal';

export interface ConfirmModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What is about to happen, and to what. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the change runs ('Updating...', 'Deleting…'). */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** A destructive change (a delete) gets the danger button. */
  danger?: boolean;
  size?: ModalSize;
  testId?: string;
}

/**
 * Every "are you sure?" of the back office: Cancel and the confirm button, both disabled while the
 * change runs (the modal stays open until the screen closes it on success).
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const t = useAdminText();
  const { busy } = props;
  return (
    <Modal
      open={props.open}
      onClose={() => !busy && props.onClose()}
      size={props.size ?? 'sm'}
      title={props.title}
      testId={props.testId}
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={props.onClose}>
            {t('admin.list.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
            onClick={props.onConfirm}
            data-testid={props.testId && `${props.testId}-confirm`}
          >
            {busy && <Spinner size="sm" />}
            {busy ? props.busyLabel : props.confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}
